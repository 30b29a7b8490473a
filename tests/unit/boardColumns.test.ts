import { describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import { columnIds, columnsDeriver, deriveColumns, movedDeals } from '../../client/src/screens/deals/boardColumns';

/** Only what the columns read: the stage, the rank and the id. */
const deal = (id: string, stage: Deal['stage'], rank: string, version = 1) => ({ id, stage, rank, version }) as Deal;

const board = () => [
  deal('a', 'form_submitted', 'a1'),
  deal('b', 'form_submitted', 'a0'),
  deal('c', 'tour_booked', 'a0'),
  deal('d', 'tour_completed', 'a0'),
  deal('e', 'agreement_sent', 'a0'),
];

describe('board columns with structural sharing', () => {
  it('sorts each column by rank', () => {
    const { columns } = deriveColumns(board(), null);
    expect(columnIds(columns).form_submitted).toEqual(['b', 'a']);
    expect(columnIds(columns).tour_booked).toEqual(['c']);
    expect(columns.close_lost).toEqual([]);
  });

  it('keeps every column a pushed move did not touch as the very same array', () => {
    // Given the board as derived
    const deals = board();
    const before = deriveColumns(deals, null);
    // When one deal is pushed, moved from Form Submitted to the top of Tour Booked
    const pushed = deals.map((d) => (d.id === 'a' ? deal('a', 'tour_booked', 'Zz', 2) : d));
    const after = deriveColumns(pushed, before);
    // Then the two columns it left and entered are new, and every other column is the same array
    expect(columnIds(after.columns).form_submitted).toEqual(['b']);
    expect(columnIds(after.columns).tour_booked).toEqual(['a', 'c']);
    expect(after.columns.form_submitted).not.toBe(before.columns.form_submitted);
    expect(after.columns.tour_booked).not.toBe(before.columns.tour_booked);
    for (const stage of ['tour_completed', 'agreement_sent', 'agreement_signed', 'close_lost'] as const) expect(after.columns[stage]).toBe(before.columns[stage]);
  });

  it('keeps all columns when the same deals come again in another list', () => {
    const deals = board();
    const before = deriveColumns(deals, null);
    const after = deriveColumns([...deals].reverse(), before);
    for (const stage of Object.keys(before.columns) as Deal['stage'][]) expect(after.columns[stage]).toBe(before.columns[stage]);
  });

  it('renews only the column of a deal changed in place', () => {
    const deals = board();
    const before = deriveColumns(deals, null);
    const after = deriveColumns(
      deals.map((d) => (d.id === 'd' ? deal('d', 'tour_completed', 'a0', 2) : d)),
      before,
    );
    expect(after.columns.tour_completed).not.toBe(before.columns.tour_completed);
    expect(after.columns.form_submitted).toBe(before.columns.form_submitted);
  });

  it('remembers its last derivation between calls (one deriver per board)', () => {
    const derive = columnsDeriver();
    const deals = board();
    const first = derive(deals);
    const second = derive(deals.map((d) => (d.id === 'e' ? deal('e', 'close_lost', 'a0', 2) : d)));
    expect(second.form_submitted).toBe(first.form_submitted);
    expect(columnIds(second).close_lost).toEqual(['e']);
  });
});

describe('the cards that moved', () => {
  it('names the pushed deal, not the cards that only slid up or down', () => {
    const deals = board();
    const before = deriveColumns(deals, null).columns;
    const after = deriveColumns(
      deals.map((d) => (d.id === 'b' ? deal('b', 'tour_booked', 'a1', 2) : d)),
      { columns: before, given: deriveColumns(deals, null).given },
    ).columns;
    expect(movedDeals(before, after)).toEqual(['b']);
    expect(movedDeals(after, after)).toEqual([]);
  });
});
