/**
 * A signed deal's offered price split across its offices (RESOLUTIONS.md "Server-side effects of
 * deal stages"): each office's signed rate is its share of the price in proportion to its
 * monthly marketed rate. Worked in whole cents: each part is rounded down, and the cents left
 * over (fewer than the number of offices) go to the office with the largest marketed rate (the
 * first of equals), so the parts always add up to the offered price exactly. Offices that are all
 * marketed at 0 share the price equally, by the same rule.
 *
 * Example: 2400 offered over offices marketed at 500 and 1500 gives 600 and 1800.
 */
export function splitSignedRate(offeredPrice: number, monthlyRates: readonly number[]): number[] {
  if (monthlyRates.length === 0) return [];
  const total = Math.round(offeredPrice * 100);
  const marketed = monthlyRates.map((rate) => Math.max(0, rate));
  const sum = marketed.reduce((a, b) => a + b, 0);
  const weights = sum > 0 ? marketed : marketed.map(() => 1);
  const weightSum = sum > 0 ? sum : weights.length;
  const parts = weights.map((weight) => Math.floor((total * weight) / weightSum));
  const largest = weights.indexOf(Math.max(...weights));
  parts[largest]! += total - parts.reduce((a, b) => a + b, 0);
  return parts.map((cents) => cents / 100);
}
