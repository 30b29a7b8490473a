import type { Percentiles } from './live';
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const count = (value: number) => number.format(value);
export const perSecond = (value: number, unit: string) => `${number.format(value)} ${unit}/s`;
export const ratio = (value: number) => value.toFixed(2);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const seconds = (value: number) => `${value.toFixed(2)} s`;
/** Target checks are shown, never enforced: timings vary by machine. */
export const verdict = (value: number, target: number) => (value >= target ? 'met' : 'BELOW');

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const percentileCells = (p: Percentiles, withP95 = true) => [ms(p.p50), withP95 ? ms(p.p95) : '', ms(p.p99)];
/** Progress lines for the reader, on stderr (stdout holds the report). */
export type Progress = (line: string) => void;

/** A plain text table: first column left-aligned, the rest right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
