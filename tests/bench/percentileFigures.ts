import { figure, type Figure } from './figures';
import type { Percentiles } from './live';

/**
 * Records a latency's p50, p95 and p99 as figures named "<name>, pNN", each against the
 * reference's same percentile when there is one; returns the three.
 */
export function percentileFigures(
  part: string,
  name: string,
  value: Percentiles,
  reference?: { name: string; value: Percentiles },
  which: (keyof Percentiles)[] = ['p50', 'p95', 'p99'],
): Partial<Record<keyof Percentiles, Figure>> {
  const recorded: Partial<Record<keyof Percentiles, Figure>> = {};
  for (const p of which) {
    recorded[p] = figure({
      part,
      name: `${name}, ${p}`,
      value: value[p],
      unit: 'ms',
      ...(reference ? { reference: { name: `${reference.name}, ${p}`, value: reference.value[p] } } : {}),
    });
  }
  return recorded;
}
