import { CLOSED_STAGES, DEAL_STAGES, weightedValue, type DealStage } from '@shared/domain/deals';
import type { Deal, DealStats } from '@shared/schemas/deals';

/** An open deal untouched this long is stale. */
export const STALE_DAYS = 14;
const DAY_MS = 86_400_000;

export interface StageVisit {
  deal_id: string;
  stage: DealStage;
  entered_at: Date;
  left_at: Date | null;
}

const perStage = <T>(value: (stage: DealStage) => T) =>
  Object.fromEntries(DEAL_STAGES.map((stage) => [stage, value(stage)])) as Record<DealStage, T>;
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * GET /api/deals/stats from the deals a user may see and their stays in each stage (from the
 * log, through the deal_stage_visits projection). Pure, so the figures are tested directly.
 */
export function dealStats(deals: Deal[], visits: StageVisit[], now: Date): DealStats {
  const total = deals.reduce((sum, d) => sum + d.deal_value, 0);
  const won = deals.filter((d) => d.stage === 'agreement_signed').length;
  const lost = deals.filter((d) => d.stage === 'close_lost').length;

  // Funnel: of the deals that were ever in a stage, the share that later reached the next one
  // (or any stage after it on the way to signing; a loss is not progress).
  const reached = new Map<string, Set<DealStage>>();
  for (const visit of visits) reached.set(visit.deal_id, (reached.get(visit.deal_id) ?? new Set()).add(visit.stage));
  const progression: DealStage[] = DEAL_STAGES.filter((s) => s !== 'close_lost');
  const conversion = perStage((stage) => {
    const index = progression.indexOf(stage);
    if (index < 0 || index === progression.length - 1) return 0;
    const later = progression.slice(index + 1);
    const entered = [...reached.values()].filter((stages) => stages.has(stage));
    if (entered.length === 0) return 0;
    return round(entered.filter((stages) => later.some((s) => stages.has(s))).length / entered.length, 4);
  });

  const avg_days_in_stage = perStage((stage) => {
    const stays = visits.filter((v) => v.stage === stage);
    if (stays.length === 0) return 0;
    const days = stays.reduce((sum, v) => sum + ((v.left_at ?? now).getTime() - v.entered_at.getTime()) / DAY_MS, 0);
    return round(days / stays.length, 1);
  });

  return {
    total_deals: deals.length,
    total_value: round(total),
    average_deal_value: deals.length === 0 ? 0 : round(total / deals.length),
    // A share (0..1), as API.md defines it: signed / (signed + lost).
    win_rate: won + lost === 0 ? 0 : round(won / (won + lost), 4),
    // Open deals only: a signed deal is won, not weighted, and a lost one is worth nothing.
    weighted_value: round(deals.reduce((sum, d) => sum + weightedValue(d), 0)),
    stages: perStage((stage) => deals.filter((d) => d.stage === stage).length),
    stage_values: perStage((stage) => round(deals.filter((d) => d.stage === stage).reduce((sum, d) => sum + d.deal_value, 0))),
    conversion,
    avg_days_in_stage,
    stale: deals
      .filter((d) => !CLOSED_STAGES.includes(d.stage) && now.getTime() - Date.parse(d.updated_at) >= STALE_DAYS * DAY_MS)
      .map((d) => d.id),
  };
}
