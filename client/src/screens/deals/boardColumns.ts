/**
 * The board's columns as arrays of deals, derived again on every change of the deals shown with
 * structural sharing: a column whose deals did not change keeps the very same array, so its
 * memoised column (and every card in it) skips the render. A pushed move re-renders the two
 * columns it touched, not the board. Pure.
 */
import { DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { byRank } from './boardModel';

export type DealColumns = Readonly<Record<DealStage, readonly Deal[]>>;

/** The last derivation: the columns, and each column's deals in the order they were given (to skip the sort). */
export interface ColumnsMemo {
  columns: DealColumns;
  given: Readonly<Record<DealStage, readonly Deal[]>>;
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Each stage's deals in rank order. A column whose deals arrive as the same objects in the same
 * order as last time is reused without sorting; one that sorts to the same deals in the same
 * order is reused too. Deals of an unknown stage are left out, as the board does.
 */
export function deriveColumns(deals: readonly Deal[], previous: ColumnsMemo | null): ColumnsMemo {
  const given = Object.fromEntries(DEAL_STAGES.map((stage) => [stage, [] as Deal[]])) as Record<DealStage, Deal[]>;
  for (const deal of deals) given[deal.stage]?.push(deal);
  const columns = {} as Record<DealStage, readonly Deal[]>;
  for (const stage of DEAL_STAGES) {
    const before = previous?.columns[stage];
    if (before && previous && sameItems(given[stage], previous.given[stage])) {
      columns[stage] = before;
      given[stage] = previous.given[stage] as Deal[];
      continue;
    }
    const sorted = [...given[stage]].sort(byRank);
    columns[stage] = before && sameItems(sorted, before) ? before : sorted;
  }
  return { columns, given };
}

/** Each stage's deal ids, in column order (what the drag and the keyboard moves work on). */
export function columnIds(columns: DealColumns): Record<DealStage, string[]> {
  return Object.fromEntries(DEAL_STAGES.map((stage) => [stage, columns[stage].map((d) => d.id)])) as Record<DealStage, string[]>;
}

/**
 * The deals that moved between two derivations of the board: each one now in a column it was
 * not in (as that same object) before, so a pushed or moved row counts, and the cards that only
 * slid up or down by one place do not. Looks only at the columns that changed.
 */
export function movedDeals(before: DealColumns, after: DealColumns): string[] {
  const moved: string[] = [];
  for (const stage of DEAL_STAGES) {
    if (before[stage] === after[stage]) continue;
    const was = new Set(before[stage]);
    for (const deal of after[stage]) if (!was.has(deal)) moved.push(deal.id);
  }
  return moved;
}

/** deriveColumns remembering its last derivation: one per board, called with each new list of deals. */
export function columnsDeriver(): (deals: readonly Deal[]) => DealColumns {
  let last: ColumnsMemo | null = null;
  return (deals) => (last = deriveColumns(deals, last)).columns;
}
