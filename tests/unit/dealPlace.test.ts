import { describe, expect, it } from 'vitest';
import { dealStats, type StageVisit } from '../../projections/deals/stats';
import { placeBetween } from '../../server/routes/deals/dealPlace';
import type { Deal } from '@shared/schemas/deals';

const column = [
  { id: 'a', rank: 'a0' },
  { id: 'b', rank: 'a1' },
  { id: 'c', rank: 'a1' },
  { id: 'd', rank: 'a2' },
];

describe('placing a dropped card', () => {
  it('goes between the named neighbours, at the top when none is named', () => {
    expect(placeBetween(column, 'a', 'b')).toEqual({ above: 'a0', below: 'a1' });
    expect(placeBetween(column, null, null)).toEqual({ above: null, below: 'a0' });
    expect(placeBetween(column, 'd', null)).toEqual({ above: 'a2', below: null });
    expect(placeBetween(column, null, 'a')).toEqual({ above: null, below: 'a0' });
  });
  it('treats cards sharing a rank as one place, and refuses a neighbour not in the column', () => {
    expect(placeBetween(column, 'b', 'c')).toEqual({ above: 'a1', below: 'a2' });
    expect(placeBetween(column, null, 'c')).toEqual({ above: 'a0', below: 'a1' });
    expect(placeBetween(column, 'zz', null)).toBeNull();
  });
});

const deal = (id: string, stage: Deal['stage'], deal_value: number, probability: number, updated_at: string) =>
  ({ id, stage, deal_value, probability, updated_at }) as Deal;
const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const visit = (deal_id: string, stage: StageVisit['stage'], from: number, to: number | null): StageVisit => ({
  deal_id,
  stage,
  entered_at: at(from),
  left_at: to === null ? null : at(to),
});

describe('deal statistics', () => {
  const now = at(31);
  const deals = [
    deal('w', 'agreement_signed', 10_000, 100, at(20).toISOString()),
    deal('l', 'close_lost', 5_000, 0, at(20).toISOString()),
    deal('o', 'tour_booked', 6_000, 50, at(1).toISOString()),
  ];
  const visits = [
    visit('w', 'form_submitted', 1, 3),
    visit('w', 'tour_booked', 3, 5),
    visit('w', 'agreement_signed', 5, null),
    visit('l', 'form_submitted', 1, 2),
    visit('l', 'close_lost', 2, null),
    visit('o', 'form_submitted', 1, 2),
    visit('o', 'tour_booked', 2, null),
  ];
  const stats = dealStats(deals, visits, now);

  // Weighted value counts open deals only: the signed and the lost deal weigh nothing.
  it('sums, averages, weighs the open deals and wins', () => {
    expect(stats).toMatchObject({ total_deals: 3, total_value: 21_000, average_deal_value: 7_000, weighted_value: 3_000, win_rate: 0.5 });
    expect(stats.stages).toMatchObject({ agreement_signed: 1, close_lost: 1, tour_booked: 1, form_submitted: 0 });
  });
  it('the funnel: of those in a stage, the share that went further (a loss is not progress)', () => {
    expect(stats.conversion.form_submitted).toBeCloseTo(2 / 3, 4);
    expect(stats.conversion.tour_booked).toBeCloseTo(1 / 2, 4);
  });
  it('average days in a stage, open stays counted until now; stale open deals', () => {
    expect(stats.avg_days_in_stage.form_submitted).toBeCloseTo((2 + 1 + 1) / 3, 1);
    expect(stats.avg_days_in_stage.tour_booked).toBe((2 + 29) / 2);
    expect(stats.stale).toEqual(['o']);
  });
});
