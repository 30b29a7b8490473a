import { isClosedStage, type DealStage } from './deals';

/** A contact's deal statistics as the spec gives them: open (active) and signed (won) counts, and their total value. */
export interface DealStatistics {
  active: number;
  won: number;
  total_value: number;
}

/**
 * The statistics of the deals a reader sees (the list GET /api/deals answers them, already only
 * the deals of the locations they may see). Values are summed in whole cents so the total is exact. Pure.
 */
export function dealStatistics(deals: readonly { stage: DealStage; deal_value: number }[]): DealStatistics {
  let cents = 0;
  let active = 0;
  let won = 0;
  for (const deal of deals) {
    cents += Math.round(deal.deal_value * 100);
    if (!isClosedStage(deal.stage)) active += 1;
    if (deal.stage === 'agreement_signed') won += 1;
  }
  return { active, won, total_value: cents / 100 };
}
