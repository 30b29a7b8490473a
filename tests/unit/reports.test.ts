import { describe, expect, it } from 'vitest';
import { formatChange, formatDiscount, formatPercent, formatVariance, formatVariancePercent, percentOf } from '@shared/domain/reportsFormat';
import {
  historyPoint,
  locationComparison,
  occupancyChange,
  occupancyFigures,
  performanceTrend,
  revenueAnalysis,
  statusBreakdown,
  type StatusAggregate,
} from '@shared/domain/reportsOccupancy';
import {
  addDays,
  isCalendarDate,
  periodEnd,
  periodStart,
  previousMonthEnds,
  reportToday,
  termPeriodRange,
} from '@shared/domain/reportsPeriods';
import { bucketOf, leaseVariance, rateCategory, termFigures, type LeaseInput } from '@shared/domain/reportsTerms';

const agg = (location_id: string, status: StatusAggregate['status'], offices: number, desks: number, revenue: number, marketed: number): StatusAggregate => ({
  location_id,
  status,
  offices,
  desks,
  revenue,
  marketed,
});

describe('report periods', () => {
  it('reads today on the New York calendar, whatever the server clock zone', () => {
    // 03:30 UTC on 1 March is still 28 February in New York (EST, UTC-5).
    expect(reportToday(new Date('2025-03-01T03:30:00Z'))).toBe('2025-02-28');
    expect(reportToday(new Date('2025-03-01T05:30:00Z'))).toBe('2025-03-01');
    // Summer time (EDT, UTC-4).
    expect(reportToday(new Date('2025-07-01T03:59:00Z'))).toBe('2025-06-30');
    expect(reportToday(new Date('2025-07-01T04:00:00Z'))).toBe('2025-07-01');
  });

  it('knows real calendar dates', () => {
    expect(['2024-02-29', '2025-12-31', '2000-01-01'].every(isCalendarDate)).toBe(true);
    expect(['2025-02-29', '2025-02-30', '2025-13-01', '2025-1-01', '01/03/2025', ''].some(isCalendarDate)).toBe(false);
  });

  it('finds the first and last day of a month, quarter and year', () => {
    expect(periodStart('2025-05-17', 'month')).toBe('2025-05-01');
    expect(periodStart('2025-05-17', 'quarter')).toBe('2025-04-01');
    expect(periodStart('2025-12-31', 'quarter')).toBe('2025-10-01');
    expect(periodStart('2025-05-17', 'year')).toBe('2025-01-01');
    expect(periodEnd('2024-02-10', 'month')).toBe('2024-02-29');
    expect(periodEnd('2025-02-10', 'quarter')).toBe('2025-03-31');
    expect(periodEnd('2025-11-10', 'quarter')).toBe('2025-12-31');
    expect(periodEnd('2025-05-17', 'year')).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('lists the ends of the months before, oldest first', () => {
    expect(previousMonthEnds('2025-03-15', 3)).toEqual(['2024-12-31', '2025-01-31', '2025-02-28']);
    expect(previousMonthEnds('2025-01-01', 11)).toHaveLength(11);
    expect(previousMonthEnds('2025-01-01', 11).at(-1)).toBe('2024-12-31');
  });

  it('covers leases by start date for a quarter or a year, every lease otherwise', () => {
    expect(termPeriodRange('this_quarter', '2025-08-20')).toEqual({ from: '2025-07-01', to: '2025-09-30' });
    expect(termPeriodRange('this_year', '2025-08-20')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(termPeriodRange('current', '2025-08-20')).toBeNull();
    expect(termPeriodRange('all_time', '2025-08-20')).toBeNull();
  });
});

describe('report numbers', () => {
  it('gives percentages one decimal and says changes in words', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 0)).toBe(0);
    expect(formatPercent(60)).toBe('60.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatChange(2.14, 'points')).toBe('up 2.1 pts');
    expect(formatChange(-0.5, 'points')).toBe('down 0.5 pts');
    expect(formatChange(0.04, 'points')).toBe('no change');
    expect(formatChange(-1250.5, 'currency')).toBe('down $1,250.50');
    expect(formatChange(3, 'count')).toBe('up 3');
    expect(formatVariance(-150)).toBe('$150 below');
    expect(formatVariance(200)).toBe('$200 above');
    expect(formatVariance(0.001)).toBe('at marketed rate');
    expect(formatVariancePercent(-5.2)).toBe('5.2% below');
    expect(formatVariancePercent(null)).toBe('—');
    expect(formatDiscount(7.5)).toBe('7.5%');
    expect(formatDiscount(-3.2)).toBe('3.2% premium');
  });
});

describe('occupancy figures', () => {
  const aggregates = [
    agg('a', 'LEASED', 3, 12, 9000, 9600),
    agg('a', 'VACANT', 1, 4, 3000, 3000),
    agg('b', 'PENDING', 1, 2, 1500, 1500),
    agg('b', 'UNAVAILABLE', 1, 6, 5000, 5000),
    agg('b', 'LEASED', 1, 6, 2500, 2600),
  ];

  it('counts offices and desks, with revenue from leased offices and potential without the unavailable ones', () => {
    expect(occupancyFigures(aggregates)).toEqual({
      total_offices: 7,
      leased_offices: 4,
      total_desks: 30,
      occupied_desks: 18,
      office_occupancy: 57.1,
      desk_occupancy: 60,
      monthly_revenue: 11500,
      // 11,500 leased + 3,000 vacant + 1,500 pending; the unavailable office adds nothing.
      revenue_potential: 16000,
    });
    expect(revenueAnalysis(occupancyFigures(aggregates))).toEqual({ current: 11500, potential: 16000, gap: 4500, gap_percent: 28.1 });
  });

  it('is all zeros with no offices', () => {
    expect(occupancyFigures([])).toMatchObject({ total_offices: 0, office_occupancy: 0, desk_occupancy: 0, monthly_revenue: 0, revenue_potential: 0 });
  });

  it('breaks down every status in order, count and percent', () => {
    expect(statusBreakdown(aggregates)).toEqual([
      { status: 'LEASED', offices: 4, offices_percent: 57.1, desks: 18, desks_percent: 60 },
      { status: 'VACANT', offices: 1, offices_percent: 14.3, desks: 4, desks_percent: 13.3 },
      { status: 'PENDING', offices: 1, offices_percent: 14.3, desks: 2, desks_percent: 6.7 },
      { status: 'UNAVAILABLE', offices: 1, offices_percent: 14.3, desks: 6, desks_percent: 20 },
    ]);
  });

  it('shows a green trend at 80% or more, amber at 60% or more, red below', () => {
    expect([100, 80, 79.9, 60, 59.9, 0].map(performanceTrend)).toEqual(['strong', 'strong', 'moderate', 'moderate', 'weak', 'weak']);
  });

  it('compares locations by name, including one with no offices', () => {
    const rows = locationComparison(aggregates, [
      { id: 'b', name: 'Bushwick' },
      { id: 'c', name: 'Center City' },
      { id: 'a', name: '55 Broadway' },
    ]);
    expect(rows.map((r) => [r.location, r.total_offices, r.office_occupancy, r.monthly_revenue, r.trend])).toEqual([
      ['55 Broadway', 4, 75, 9000, 'moderate'],
      ['Bushwick', 3, 33.3, 2500, 'weak'],
      ['Center City', 0, 0, 0, 'weak'],
    ]);
  });

  it('measures the change since the period began in points and dollars', () => {
    const before = occupancyFigures([agg('a', 'LEASED', 1, 4, 1000, 1000), agg('a', 'VACANT', 3, 12, 3000, 3000)]);
    const now = occupancyFigures([agg('a', 'LEASED', 2, 8, 1900, 2000), agg('a', 'VACANT', 2, 8, 2000, 2000)]);
    expect(occupancyChange(now, before, '2025-03-01')).toEqual({
      since: '2025-03-01',
      total_offices: 0,
      leased_offices: 1,
      office_occupancy: 25,
      desk_occupancy: 25,
      monthly_revenue: 900,
      revenue_potential: -100,
    });
  });

  it('leaves a point without offices empty rather than at 0%', () => {
    const point = historyPoint('2025-01-31', [agg('a', 'LEASED', 1, 0, 100, 100)], [{ id: 'a' }, { id: 'b' }]);
    expect(point).toEqual({
      date: '2025-01-31',
      office_occupancy: 100,
      desk_occupancy: null,
      locations: [
        { location_id: 'a', office_occupancy: 100, desk_occupancy: null },
        { location_id: 'b', office_occupancy: null, desk_occupancy: null },
      ],
    });
  });
});

let n = 0;
const lease = (signed: number, marketed: number, term: number | null, extra: Partial<LeaseInput> = {}): LeaseInput => ({
  office_id: `o${++n}`,
  office_number: String(100 + n),
  location_id: 'a',
  location: '55 Broadway',
  signed_rate: signed,
  marketed_rate: marketed,
  term_months: term,
  start_date: '2025-01-01',
  ...extra,
});

describe('term versus rate', () => {
  it('buckets terms 1-3, 4-6, 7-12, 13-24 and 25+, a missing term as 12 months', () => {
    expect([1, 3, 4, 6, 7, 12, 13, 24, 25, 120].map(bucketOf)).toEqual(['1-3', '1-3', '4-6', '4-6', '7-12', '7-12', '13-24', '13-24', '25+', '25+']);
    expect(leaseVariance(lease(100, 100, null))).toMatchObject({ term: 12, bucket: '7-12', term_months: null });
  });

  it('sorts a lease below, at or above its marketed rate to the cent', () => {
    expect(rateCategory(999.99, 1000)).toBe('negotiated');
    expect(rateCategory(1000.001, 1000)).toBe('full_rate');
    expect(rateCategory(1000.01, 1000)).toBe('premium');
    expect(leaseVariance(lease(900, 1000, 6))).toMatchObject({ variance: -100, variance_percent: -10, category: 'negotiated' });
    expect(leaseVariance(lease(500, 0, 6))).toMatchObject({ variance: 500, variance_percent: null, category: 'premium' });
  });

  it('analyses only leases with a signed rate above 0: tiles, buckets, categories and revenue impact', () => {
    const figures = termFigures([
      lease(900, 1000, 2),
      lease(1000, 1000, 3),
      lease(2200, 2000, 12),
      lease(1800, 2000, 24),
      lease(0, 2000, 24),
    ]);
    expect(figures.tiles).toEqual({ total_leased_offices: 4, negotiation_rate: 50, avg_monthly_savings: 150, revenue_impact: -100 });
    expect(figures.negotiation).toMatchObject({
      negotiated: { count: 2, percent: 50 },
      full_rate: { count: 1, percent: 25 },
      premium: { count: 1, percent: 25 },
    });
    expect(figures.buckets.map((b) => [b.bucket, b.leases, b.share, b.avg_discount, b.monthly_impact])).toEqual([
      ['1-3', 2, 50, 5, -100],
      ['4-6', 0, 0, null, 0],
      ['7-12', 1, 25, -10, 200],
      ['13-24', 1, 25, 10, -200],
      ['25+', 0, 0, null, 0],
    ]);
    expect(figures.revenue_impact).toEqual({
      marketed_monthly: 6000,
      signed_monthly: 5900,
      net_monthly: -100,
      net_annual: -1200,
      discounts_monthly: 300,
      premiums_monthly: 200,
    });
    // Exactly 5.0% is not above the threshold.
    expect(figures.opportunities).toEqual([]);
  });

  it('flags a short-term opportunity when 1-3 month leases average more than a 5% discount', () => {
    const figures = termFigures([lease(940, 1000, 1), lease(950, 1000, 3), lease(1000, 1000, 36)]);
    expect(figures.buckets[0]!.avg_discount).toBe(5.5);
    expect(figures.opportunities).toEqual([
      expect.objectContaining({ kind: 'short_term', bucket: '1-3', avg_discount: 5.5, leases: 2, message: expect.stringContaining('5.5% discount') }),
    ]);
  });

  it('keeps the five largest discounts and premiums and the ten offices furthest from their rate', () => {
    const leases = [
      ...Array.from({ length: 8 }, (_, i) => lease(1000 - (i + 1) * 10, 1000, 12)),
      ...Array.from({ length: 7 }, (_, i) => lease(1000 + (i + 1) * 15, 1000, 12)),
    ];
    const { negotiation } = termFigures(leases);
    expect(negotiation.top_discounts.map((l) => l.variance)).toEqual([-80, -70, -60, -50, -40]);
    expect(negotiation.top_premiums.map((l) => l.variance)).toEqual([105, 90, 75, 60, 45]);
    expect(negotiation.offices.map((l) => Math.abs(l.variance))).toEqual([105, 90, 80, 75, 70, 60, 60, 50, 45, 40]);
  });
});
