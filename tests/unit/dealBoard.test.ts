import { describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import { columnFigures, columnsOf, emptyColumns, matchesSearch, staleDays } from '../../client/src/screens/deals/boardModel';
import { nextSort, sortDeals } from '../../client/src/screens/deals/dealList';
import { agoWords, refusalWords } from '../../client/src/screens/deals/moveWords';
import { findPlace, keyboardTarget, moveTo, neighboursOf, placeWords, samePlace } from '../../client/src/screens/deals/placement';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

function deal(id: string, stage: Deal['stage'], rank: string, extra: Partial<Deal> = {}): Deal {
  return {
    id,
    deal_name: `Deal ${id}`,
    company_name: `Company ${id}`,
    company_id: null,
    contact_id: null,
    contact: { name: `Contact ${id}`, email: `${id}@example.com`, phone: null, title: null },
    agreement_type: 'new_business',
    membership_type: 'Private Office',
    location_id: 'loc',
    location_name: '60 Broad',
    contract_location: '60 Broad, New York',
    office_ids: [],
    start_date: null,
    term_months: 12,
    term_days: null,
    offered_price: 1000,
    deal_value: 12000,
    market_rate: null,
    probability: 50,
    notice_by: null,
    notes: null,
    source: null,
    assigned_to: null,
    stage,
    rank,
    signature_status: 'not_sent',
    member_id: null,
    attention_reason: null,
    signed_by: null,
    executed_copy: null,
    stage_changed_at: daysAgo(1),
    version: 1,
    created_at: daysAgo(30),
    updated_at: daysAgo(1),
    ...extra,
  };
}

describe('columns', () => {
  const deals = [deal('b', 'tour_booked', 'a1'), deal('a', 'tour_booked', 'a0'), deal('c', 'form_submitted', 'a0'), deal('d', 'tour_booked', 'a1')];
  it('puts each deal in its stage, ordered by rank then id', () => {
    const columns = columnsOf(deals);
    expect(columns.tour_booked).toEqual(['a', 'b', 'd']);
    expect(columns.form_submitted).toEqual(['c']);
    expect(columns.close_lost).toEqual([]);
  });
  it('orders ranks by character code, as fractional indexing does (upper before lower case)', () => {
    expect(columnsOf([deal('x', 'tour_booked', 'a'), deal('y', 'tour_booked', 'Z')]).tour_booked).toEqual(['y', 'x']);
  });
  it('sums count, value and weighted value (value × probability / 100) per column', () => {
    const figures = columnFigures([
      deal('a', 'tour_booked', 'a0', { deal_value: 10000, probability: 40 }),
      deal('b', 'tour_booked', 'a1', { deal_value: 2500.5, probability: 25 }),
      deal('c', 'close_lost', 'a0', { deal_value: 900, probability: 0 }),
      deal('d', 'agreement_signed', 'a0', { deal_value: 3000, probability: 100 }),
    ]);
    expect(figures.tour_booked).toEqual({ count: 2, value: 12500.5, weighted: 4625.13 });
    expect(figures.close_lost).toEqual({ count: 1, value: 900, weighted: 0 });
    // Open deals only: a signed deal is won, not weighted.
    expect(figures.agreement_signed).toEqual({ count: 1, value: 3000, weighted: 0 });
    expect(figures.form_submitted).toEqual({ count: 0, value: 0, weighted: 0 });
  });
});

describe('stale deals', () => {
  it('marks an open deal with no change for 14 days or more, with its days', () => {
    expect(staleDays(deal('a', 'tour_booked', 'a0', { stage_changed_at: daysAgo(20), updated_at: daysAgo(15) }), NOW)).toBe(15);
    expect(staleDays(deal('a', 'tour_booked', 'a0', { stage_changed_at: daysAgo(20), updated_at: daysAgo(13) }), NOW)).toBeNull();
    expect(staleDays(deal('a', 'form_submitted', 'a0', { stage_changed_at: daysAgo(14), updated_at: daysAgo(14) }), NOW)).toBe(14);
  });
  it('never marks a signed or lost deal', () => {
    expect(staleDays(deal('a', 'agreement_signed', 'a0', { stage_changed_at: daysAgo(90), updated_at: daysAgo(90) }), NOW)).toBeNull();
    expect(staleDays(deal('a', 'close_lost', 'a0', { stage_changed_at: daysAgo(90), updated_at: daysAgo(90) }), NOW)).toBeNull();
  });
});

describe('keyboard placement', () => {
  const columns = { ...emptyColumns(), form_submitted: ['a', 'b', 'c'], tour_booked: ['x', 'y'], tour_completed: [] };
  it('ArrowRight goes to the next stage at the same height, or its end when shorter', () => {
    expect(keyboardTarget(columns, 'a', 'ArrowRight')).toEqual({ stage: 'tour_booked', index: 0 });
    expect(keyboardTarget(columns, 'c', 'ArrowRight')).toEqual({ stage: 'tour_booked', index: 2 });
    expect(keyboardTarget(columns, 'x', 'ArrowRight')).toEqual({ stage: 'tour_completed', index: 0 });
  });
  it('ArrowLeft goes back a stage; nothing beyond the first or last column', () => {
    expect(keyboardTarget(columns, 'y', 'ArrowLeft')).toEqual({ stage: 'form_submitted', index: 1 });
    expect(keyboardTarget(columns, 'a', 'ArrowLeft')).toBeNull();
    const last = { ...emptyColumns(), close_lost: ['z'] };
    expect(keyboardTarget(last, 'z', 'ArrowRight')).toBeNull();
  });
  it('ArrowUp and ArrowDown move one place within the column, stopping at its ends', () => {
    expect(keyboardTarget(columns, 'b', 'ArrowUp')).toEqual({ stage: 'form_submitted', index: 0 });
    expect(keyboardTarget(columns, 'b', 'ArrowDown')).toEqual({ stage: 'form_submitted', index: 2 });
    expect(keyboardTarget(columns, 'a', 'ArrowUp')).toBeNull();
    expect(keyboardTarget(columns, 'c', 'ArrowDown')).toBeNull();
  });
  it('only steps through the stages shown (a stage filter)', () => {
    expect(keyboardTarget(columns, 'a', 'ArrowRight', ['form_submitted'])).toBeNull();
  });
  it('moves the card, and names its new neighbours and place in words', () => {
    const moved = moveTo(columns, 'a', { stage: 'tour_booked', index: 1 });
    expect(moved.form_submitted).toEqual(['b', 'c']);
    expect(moved.tour_booked).toEqual(['x', 'a', 'y']);
    expect(findPlace(moved, 'a')).toEqual({ stage: 'tour_booked', index: 1 });
    expect(neighboursOf(moved, 'a')).toEqual({ before_id: 'x', after_id: 'y' });
    expect(placeWords(moved, { stage: 'tour_booked', index: 1 })).toBe('Tour Booked, position 2 of 3');
    const top = moveTo(columns, 'y', { stage: 'tour_completed', index: 0 });
    expect(neighboursOf(top, 'y')).toEqual({ before_id: null, after_id: null });
    expect(samePlace(findPlace(columns, 'a'), { stage: 'form_submitted', index: 0 })).toBe(true);
  });
  it('Space, ArrowRight, Space from the top of a column lands at the top of the next', () => {
    const target = keyboardTarget(columns, 'a', 'ArrowRight')!;
    const next = moveTo(columns, 'a', target);
    expect(neighboursOf(next, 'a')).toEqual({ before_id: null, after_id: 'x' });
  });
});

describe('refused moves', () => {
  const conflict = { by: 'Dana Lee', at: new Date(NOW.getTime() - 20_000).toISOString(), fields: ['stage'], version: 4 };
  it('names who moved the deal and where', () => {
    expect(refusalWords('stale', conflict, { stage: 'tour_completed' }, { stage: 'tour_booked' }, NOW.getTime())).toBe(
      'Dana Lee moved this deal to Tour Completed a moment ago',
    );
  });
  it("otherwise keeps the server's message", () => {
    expect(refusalWords('This deal is closed', undefined, null, { stage: 'tour_booked' }, NOW.getTime())).toBe('This deal is closed');
    expect(refusalWords('Jo changed it', { ...conflict, fields: ['notes'] }, { stage: 'tour_booked' }, { stage: 'tour_booked' }, NOW.getTime())).toBe('Jo changed it');
  });
  it('says how long ago in words', () => {
    expect(agoWords(new Date(NOW.getTime() - 5 * 60_000).toISOString(), NOW.getTime())).toBe('5 minutes ago');
  });
});

describe('list', () => {
  const deals = [deal('a', 'tour_booked', 'a0', { deal_value: 5 }), deal('b', 'form_submitted', 'a0', { deal_value: 9 }), deal('c', 'tour_booked', 'Z0', { deal_value: 1 })];
  it('keeps the pipeline order without a sort, and sorts by a column both ways', () => {
    expect(sortDeals(deals, null).map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect(sortDeals(deals, { key: 'value', dir: 'desc' }).map((d) => d.id)).toEqual(['b', 'a', 'c']);
    expect(nextSort(null, 'value')).toEqual({ key: 'value', dir: 'asc' });
    expect(nextSort({ key: 'value', dir: 'desc' }, 'value')).toBeNull();
  });
  it('searches name, company, contact and location', () => {
    expect(matchesSearch(deals[0]!, 'contact a')).toBe(true);
    expect(matchesSearch(deals[0]!, 'broad')).toBe(true);
    expect(matchesSearch(deals[0]!, 'nothing')).toBe(false);
  });
});

describe('sidebar', () => {
  it('marks Deals on /crm and its own pages, not on the other CRM pages', async () => {
    const { isActive } = await import('../../client/src/shell/navigation');
    const deals = { label: 'Deals', to: '/crm/deals', also: ['/crm'] };
    expect(isActive(deals, '/crm')).toBe(true);
    expect(isActive(deals, '/crm/deals')).toBe(true);
    expect(isActive(deals, '/crm/deals/abc')).toBe(true);
    expect(isActive(deals, '/crm/contacts')).toBe(false);
  });
});
