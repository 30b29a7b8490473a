import { describe, expect, it } from 'vitest';
import { formatCurrency, formatCurrencyDelta } from '@shared/domain/money';
import { deskTotals, monthlyRevenue, occupancyPercent, signedVsMarketed, statusCounts } from '@shared/domain/officeFigures';

const office = (status: string, desks: number, signed_rate: number | null = null, monthly = 0) => ({
  status,
  desks,
  signed_rate,
  marketed_rates: { monthly },
});

describe('occupancy', () => {
  it('is 0 with no offices or no desks', () => {
    expect(occupancyPercent([])).toBe(0);
    expect(occupancyPercent([office('LEASED', 0), office('VACANT', 0)])).toBe(0);
  });
  it('is desks in LEASED offices over all desks, one decimal', () => {
    expect(occupancyPercent([office('LEASED', 1), office('VACANT', 2)])).toBe(33.3);
    expect(occupancyPercent([office('LEASED', 2), office('VACANT', 1)])).toBe(66.7);
    expect(occupancyPercent([office('LEASED', 4), office('PENDING', 4)])).toBe(50);
    expect(occupancyPercent([office('LEASED', 4)])).toBe(100);
    expect(occupancyPercent([office('PENDING', 4), office('UNAVAILABLE', 3)])).toBe(0);
  });
  it('counts total and occupied desks', () => {
    expect(deskTotals([office('LEASED', 4), office('VACANT', 3)])).toEqual({ total: 7, occupied: 4 });
    expect(deskTotals([])).toEqual({ total: 0, occupied: 0 });
  });
});

describe('monthly revenue', () => {
  it('sums LEASED offices: signed rate, else monthly marketed, else 0', () => {
    expect(monthlyRevenue([])).toBe(0);
    expect(
      monthlyRevenue([
        office('LEASED', 1, 1500, 2000),
        office('LEASED', 1, null, 1200),
        { status: 'LEASED', desks: 1, signed_rate: null, marketed_rates: null },
        office('VACANT', 1, 9999, 9999),
        office('PENDING', 1, null, 800),
      ]),
    ).toBe(2700);
  });
  it('keeps a signed rate of 0', () => {
    expect(monthlyRevenue([office('LEASED', 1, 0, 1000)])).toBe(0);
  });
});

describe('signed vs marketed', () => {
  it('is the difference, null without a signed rate', () => {
    expect(signedVsMarketed(1800, 2000)).toBe(-200);
    expect(signedVsMarketed(2100, 2000)).toBe(100);
    expect(signedVsMarketed(500, null)).toBe(500);
    expect(signedVsMarketed(null, 2000)).toBeNull();
  });
});

describe('status counts', () => {
  it('counts each status', () => {
    expect(statusCounts([office('LEASED', 1), office('LEASED', 1), office('VACANT', 1)])).toEqual({ LEASED: 2, VACANT: 1 });
  });
});

describe('currency', () => {
  it('formats USD en-US', () => {
    expect(formatCurrency(45000)).toBe('$45,000');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(null)).toBe('$0');
    expect(formatCurrencyDelta(-200)).toBe('-$200');
    expect(formatCurrencyDelta(150)).toBe('+$150');
    expect(formatCurrencyDelta(0)).toBe('$0');
  });
});
