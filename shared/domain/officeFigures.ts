/** Figures over a list of offices (spec part 1, section 9). Pure. */

export interface OfficeFigureInput {
  status: string;
  desks: number;
  signed_rate: number | null | undefined;
  marketed_rates?: { monthly?: number | null } | null;
}

/** Desks in LEASED offices over all desks, as a percentage with one decimal; 0 with no desks. */
export function occupancyPercent(offices: readonly OfficeFigureInput[]): number {
  let total = 0;
  let leased = 0;
  for (const office of offices) {
    const desks = office.desks > 0 ? office.desks : 0;
    total += desks;
    if (office.status === 'LEASED') leased += desks;
  }
  if (total === 0) return 0;
  return Math.round((leased / total) * 1000) / 10;
}

/** Desks in all offices, and in LEASED ones. */
export function deskTotals(offices: readonly OfficeFigureInput[]): { total: number; occupied: number } {
  let total = 0;
  let occupied = 0;
  for (const office of offices) {
    total += office.desks;
    if (office.status === 'LEASED') occupied += office.desks;
  }
  return { total, occupied };
}

/** One office's monthly revenue figure: the signed rate, else the monthly marketed rate, else 0. */
export function effectiveMonthlyRate(office: OfficeFigureInput): number {
  return office.signed_rate ?? office.marketed_rates?.monthly ?? 0;
}

/** Sum over LEASED offices of the effective monthly rate. */
export function monthlyRevenue(offices: readonly OfficeFigureInput[]): number {
  let sum = 0;
  for (const office of offices) if (office.status === 'LEASED') sum += effectiveMonthlyRate(office);
  return Math.round(sum * 100) / 100;
}

/** Signed rate minus the monthly marketed rate; null without a signed rate. */
export function signedVsMarketed(signedRate: number | null | undefined, monthlyMarketed: number | null | undefined): number | null {
  if (signedRate === null || signedRate === undefined) return null;
  return Math.round((signedRate - (monthlyMarketed ?? 0)) * 100) / 100;
}

/** Counts per office status. */
export function statusCounts<S extends string>(offices: readonly { status: S }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const office of offices) counts[office.status] = (counts[office.status] ?? 0) + 1;
  return counts;
}
