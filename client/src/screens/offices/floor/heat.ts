/** The heat overlay: leased offices coloured by the days until their lease ends. */
export type HeatBucket = 30 | 60 | 90;

export const HEAT_BUCKETS: readonly HeatBucket[] = [30, 60, 90];

/** ≤ 30, ≤ 60 or ≤ 90 days left; null when further off, without an end date, or not leased. An ended lease counts as ≤ 30. */
export function heatBucket(status: string, daysLeft: number | null): HeatBucket | null {
  if (status !== 'LEASED' || daysLeft === null) return null;
  return HEAT_BUCKETS.find((limit) => daysLeft <= limit) ?? null;
}

export const HEAT_LABEL: Record<HeatBucket, string> = { 30: 'Lease ends within 30 days', 60: 'Lease ends within 60 days', 90: 'Lease ends within 90 days' };
