import { describe, expect, it } from 'vitest';
import { changesBetween, moveKind, sameJson } from '../../projections/dealHistory/stretch';
import { describeChange, summaryLines, summaryMessage } from '@shared/domain/dealChanges';

describe('deal history stretches', () => {
  it('lists the board fields an event changed, in the fields order, bookkeeping left out', () => {
    const before = { stage: 'tour_booked', rank: 'a0', version: 3, offered_price: 2000, notes: null, contact: { name: 'Pat', email: 'p@x' }, office_ids: ['a'] };
    const after = { ...before, rank: 'a1', version: 4, offered_price: 2500, notes: 'Bigger', contact: { email: 'p@x', name: 'Pat' }, office_ids: ['a', 'b'] };
    expect(changesBetween(before, after)).toEqual([
      { field: 'office_ids', from: ['a'], to: ['a', 'b'] },
      { field: 'offered_price', from: 2000, to: 2500 },
      { field: 'notes', from: null, to: 'Bigger' },
    ]);
  });

  it('compares values as JSON does: key order aside, a missing field is null', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson(undefined, null)).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(changesBetween({}, { notes: null })).toEqual([]);
  });

  it('names a move by its ends: signed, lost, reopened, or moved', () => {
    expect(moveKind('tour_booked', 'agreement_signed')).toBe('signed');
    expect(moveKind('agreement_sent', 'close_lost')).toBe('lost');
    expect(moveKind('close_lost', 'tour_booked')).toBe('reopened');
    expect(moveKind('form_submitted', 'tour_booked')).toBe('moved');
    expect(moveKind('tour_booked', 'tour_booked')).toBe('moved');
  });
});

describe('deal changes in words', () => {
  const change = { from_stage: 'tour_booked' as const, to_stage: 'tour_completed' as const, changes: [] };
  it('says what each kind of change did', () => {
    expect(describeChange({ ...change, kind: 'moved' })).toBe('moved Tour Booked → Tour Completed');
    expect(describeChange({ ...change, kind: 'moved', from_stage: 'tour_completed' })).toBe('reordered in Tour Completed');
    expect(describeChange({ ...change, kind: 'created', from_stage: null, to_stage: 'form_submitted' })).toBe('created in Form Submitted');
    expect(describeChange({ ...change, kind: 'edited', changes: [{ field: 'offered_price', from: 1, to: 2 }, { field: 'notes', from: null, to: 'x' }] })).toBe('edited Offered price, Notes');
    expect(describeChange({ ...change, kind: 'lost' })).toBe('lost (from Tour Booked)');
  });

  it('puts the summary in lines and a Slack message', () => {
    const summary = { since: '2026-01-01T00:00:00Z', until: '2026-01-02T00:00:00Z', moved: 3, created: 1, signed: 1, lost: 0, value_added: 2400, by_user: [{ user_name: 'Ana', changes: 4 }, { user_name: 'Ben', changes: 1 }] };
    expect(summaryLines(summary)).toEqual(['Moved: 3', 'New deals: 1', 'Signed: 1', 'Lost: 0', 'Value added: +$2,400', 'By person: Ana (4), Ben (1)']);
    expect(summaryLines({ ...summary, value_added: 0, by_user: [] }).slice(-2)).toEqual(['Value added: $0', 'By person: nobody']);
    expect(summaryMessage(summary, '55 Broadway', 'today').split('\n')[0]).toBe('*Deal board changes* — 55 Broadway, today');
  });
});
