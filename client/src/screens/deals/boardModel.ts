/**
 * The pipeline's figures from the deals on screen: columns in stage order, each sorted by rank,
 * with count, value and weighted value; and which open deals went stale. Pure.
 */
import { DEAL_STAGES, isClosedStage, weightedValue, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';

/** An open deal with no change for this many days is stale (API.md "Deals", stats.stale). */
export const STALE_DAYS = 14;
const DAY_MS = 86_400_000;

export type Columns = Record<DealStage, string[]>;

/**
 * The server's order within a column: rank, then id. Ranks are fractional-indexing keys, whose
 * digits sort by character code, so a plain comparison (not localeCompare) is the right one.
 */
export function byRank(a: Pick<Deal, 'rank' | 'id'>, b: Pick<Deal, 'rank' | 'id'>): number {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function emptyColumns(): Columns {
  const columns = {} as Columns;
  for (const stage of DEAL_STAGES) columns[stage] = [];
  return columns;
}

/** Each stage's deal ids, in column order. */
export function columnsOf(deals: readonly Deal[]): Columns {
  const columns = emptyColumns();
  for (const deal of [...deals].sort(byRank)) columns[deal.stage]?.push(deal.id);
  return columns;
}

export interface ColumnFigures {
  count: number;
  /** Sum of deal values. */
  value: number;
  /** Sum of value × probability / 100: what the column is likely worth (0 for the closed columns). */
  weighted: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export function columnFigures(deals: readonly Deal[]): Record<DealStage, ColumnFigures> {
  const figures = Object.fromEntries(DEAL_STAGES.map((stage) => [stage, { count: 0, value: 0, weighted: 0 }])) as Record<DealStage, ColumnFigures>;
  for (const deal of deals) {
    const f = figures[deal.stage];
    if (!f) continue;
    f.count += 1;
    f.value += deal.deal_value;
    f.weighted += weightedValue(deal);
  }
  for (const f of Object.values(figures)) {
    f.value = cents(f.value);
    f.weighted = cents(f.weighted);
  }
  return figures;
}

/**
 * Whole days an open deal has gone without a change, when that is STALE_DAYS or more; null
 * otherwise (closed deals never go stale). The latest of entering its stage and any edit counts.
 */
export function staleDays(deal: Pick<Deal, 'stage' | 'stage_changed_at' | 'updated_at'>, now: Date): number | null {
  if (isClosedStage(deal.stage)) return null;
  const last = Math.max(Date.parse(deal.stage_changed_at) || 0, Date.parse(deal.updated_at) || 0);
  if (!last) return null;
  const days = Math.floor((now.getTime() - last) / DAY_MS);
  return days >= STALE_DAYS ? days : null;
}

/** Deals matching the search box: name, company, contact name or e-mail, location. */
export function matchesSearch(deal: Deal, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [deal.deal_name, deal.company_name, deal.contact?.name, deal.contact?.email, deal.location_name].some((text) => text?.toLowerCase().includes(q));
}
