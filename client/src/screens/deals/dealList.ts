/** The list view's sorting. Pure. */
import { DEAL_STAGES } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { byRank } from './boardModel';

export type DealSortKey = 'deal' | 'company' | 'contact' | 'stage' | 'value' | 'probability';
export interface DealSort {
  key: DealSortKey;
  dir: 'asc' | 'desc';
}

const text = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });
const COMPARE: Record<DealSortKey, (a: Deal, b: Deal) => number> = {
  deal: (a, b) => text(a.deal_name, b.deal_name),
  company: (a, b) => text(a.company_name, b.company_name),
  contact: (a, b) => text(a.contact?.name ?? '', b.contact?.name ?? ''),
  stage: (a, b) => DEAL_STAGES.indexOf(a.stage) - DEAL_STAGES.indexOf(b.stage),
  value: (a, b) => a.deal_value - b.deal_value,
  probability: (a, b) => a.probability - b.probability,
};

/** Without a sort, the pipeline's own order: stage, then rank. Ties keep that order too. */
export function sortDeals(deals: readonly Deal[], sort: DealSort | null): Deal[] {
  const pipeline = (a: Deal, b: Deal) => DEAL_STAGES.indexOf(a.stage) - DEAL_STAGES.indexOf(b.stage) || byRank(a, b);
  if (!sort) return [...deals].sort(pipeline);
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...deals].sort((a, b) => sign * COMPARE[sort.key](a, b) || pipeline(a, b));
}

/** Ascending, then descending, then back to the pipeline order. */
export function nextSort(current: DealSort | null, key: DealSortKey): DealSort | null {
  if (current?.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}
