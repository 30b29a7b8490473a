/**
 * Deal rules both ends use: the pipeline's stages, which are closed, and the figures a deal's
 * terms give (spec part 2 "Deals page", API.md "Deals").
 */
export const DEAL_STAGES = ['form_submitted', 'tour_booked', 'tour_completed', 'agreement_sent', 'agreement_signed', 'close_lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  form_submitted: 'Form Submitted',
  tour_booked: 'Tour Booked',
  tour_completed: 'Tour Completed',
  agreement_sent: 'Agreement Sent',
  agreement_signed: 'Agreement Signed',
  close_lost: 'Close Lost',
};

/** A signed or lost deal is settled: it cannot be moved or undone. */
export const CLOSED_STAGES: readonly DealStage[] = ['agreement_signed', 'close_lost'];
export const isClosedStage = (stage: DealStage) => CLOSED_STAGES.includes(stage);

/**
 * A deal's probability once its outcome is known: signed is 100, lost 0, whatever it was before
 * (API.md "Deals"); an open deal keeps the salesperson's estimate.
 */
export function outcomeProbability(stage: DealStage, probability: number): number {
  if (stage === 'agreement_signed') return 100;
  if (stage === 'close_lost') return 0;
  return probability;
}

/** What a deal is likely worth: value x probability, for open deals only (a closed one is settled). */
export function weightedValue(deal: { stage: DealStage; deal_value: number; probability: number }): number {
  return isClosedStage(deal.stage) ? 0 : (deal.deal_value * deal.probability) / 100;
}

export const AGREEMENT_TYPES = ['new_business', 'renewal', 'expansion'] as const;
export const DEAL_MEMBERSHIP_TYPES = ['Private Office', 'Shared Space', 'Meeting Rooms', 'Hot Desk'] as const;

/** Days counted as one month when a term has days beyond its months. */
export const DAYS_PER_MONTH = 30;
/** The term assumed when a deal has none. */
export const DEFAULT_TERM_MONTHS = 12;

/** deal_value: the monthly offered price times the term in months (days as a fraction of one). */
export function dealValue(offeredPrice: number, termMonths: number | null, termDays: number | null): number {
  const months = termMonths === null && termDays === null ? DEFAULT_TERM_MONTHS : (termMonths ?? 0) + (termDays ?? 0) / DAYS_PER_MONTH;
  return Math.round(offeredPrice * months * 100) / 100;
}

/** market_rate: the average monthly marketed rate of the deal's offices (null without offices). */
export function marketRate(monthlyRates: number[]): number | null {
  if (monthlyRates.length === 0) return null;
  return Math.round((monthlyRates.reduce((a, b) => a + b, 0) / monthlyRates.length) * 100) / 100;
}
