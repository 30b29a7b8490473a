/** How deal figures read on screen: USD en-US, percentages with one decimal. */
import type { AGREEMENT_TYPES } from '@shared/domain/deals';
import { formatCurrency } from '@shared/domain/money';

export { formatCurrency };

/** A share (0..1) as "42.5%". */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** A deal's probability (0..100) as "50%". */
export function formatProbability(probability: number): string {
  return `${probability}%`;
}

/** "12 months", "3 months 15 days", "No term set". */
export function formatTerm(months: number | null, days: number | null): string {
  const parts: string[] = [];
  if (months) parts.push(`${months} ${months === 1 ? 'month' : 'months'}`);
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  return parts.length ? parts.join(' ') : 'No term set';
}

export const AGREEMENT_LABELS: Record<(typeof AGREEMENT_TYPES)[number], string> = { new_business: 'New business', renewal: 'Renewal', expansion: 'Expansion' };
