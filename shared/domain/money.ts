/** Currency is shown as USD in en-US format (spec part 1, section 9). */
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** $1,234 for whole dollars, $1,234.50 otherwise; a missing value reads as $0. */
export function formatCurrency(value: number | null | undefined): string {
  const n = value ?? 0;
  return Number.isInteger(n) ? whole.format(n) : cents.format(n);
}

/** A signed difference: +$200, -$150, $0. */
export function formatCurrencyDelta(value: number): string {
  if (value === 0) return formatCurrency(0);
  return `${value > 0 ? '+' : '-'}${formatCurrency(Math.abs(value))}`;
}
