/** Numbers as the reports show them: percentages with one decimal (spec part 2, section 1), cents. Pure. */
import { formatCurrency } from './money';

/** Cents, without the binary noise of sums (0.1 + 0.2). */
export const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** One decimal. */
export const roundPercent = (value: number) => Math.round(value * 10) / 10;

/** `part` of `whole` as a percentage with one decimal; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? roundPercent((part / whole) * 100) : 0;
}

/** '72.5%'; a missing figure as an em dash. */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;
}

/*
 * Changes and differences are said in words, never with a leading sign: clearer to read, and a
 * spreadsheet opening the CSV never takes "+2.1 pts" for a formula.
 */

/** 'up 2.1 pts', 'down $150', 'up 3'; 'no change' at zero (after rounding). */
export function formatChange(value: number, unit: 'points' | 'currency' | 'count'): string {
  const rounded = unit === 'points' ? roundPercent(value) : unit === 'currency' ? roundMoney(value) : value;
  if (rounded === 0) return 'no change';
  const size = Math.abs(rounded);
  const text = unit === 'points' ? `${size.toFixed(1)} pts` : unit === 'currency' ? formatCurrency(size) : size.toLocaleString('en-US');
  return `${rounded > 0 ? 'up' : 'down'} ${text}`;
}

/** A signed rate against the marketed one: '$150 below', '$200 above', 'at marketed rate'. */
export function formatVariance(amount: number): string {
  const rounded = roundMoney(amount);
  if (rounded === 0) return 'at marketed rate';
  return `${formatCurrency(Math.abs(rounded))} ${rounded < 0 ? 'below' : 'above'}`;
}

/** The same as a share of the marketed rate: '5.2% below', '3.0% above', '0.0%'; an em dash without one. */
export function formatVariancePercent(percent: number | null): string {
  if (percent === null) return '—';
  if (percent === 0) return '0.0%';
  return `${Math.abs(percent).toFixed(1)}% ${percent < 0 ? 'below' : 'above'}`;
}

/** An average discount: '7.5%'; below zero it was a premium: '3.2% premium'. */
export function formatDiscount(percent: number | null): string {
  if (percent === null) return '—';
  return percent < 0 ? `${Math.abs(percent).toFixed(1)}% premium` : formatPercent(percent);
}
