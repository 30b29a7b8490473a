const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [number, Intl.RelativeTimeFormatUnit][] = [[60, 'second'], [60, 'minute'], [24, 'hour'], [30, 'day'], [12, 'month']];

/** "5 minutes ago", "yesterday": how long before `now` (ms) the ISO time `at` was. */
export function timeAgo(at: string, now: number): string {
  // Never "in 2 seconds": a row written a moment after the screen's clock last ticked.
  let value = Math.min(0, Math.round((Date.parse(at) - now) / 1000));
  for (const [size, unit] of STEPS) {
    if (Math.abs(value) < size) return relative.format(value, unit);
    value = Math.round(value / size);
  }
  return relative.format(value, 'year');
}
