import { describe, expect, it } from 'vitest';
import { addMonths, daysUntil, formatIsoDate, parseDate } from '@shared/domain/dates';
import {
  daysRemaining,
  leaseCardText,
  leaseEndDate,
  leaseEndTone,
  leaseState,
  leaseTableText,
  profileLeaseStatus,
} from '@shared/domain/lease';

/** Local wall-clock time, as the rules read dates. */
const at = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h, 0, 0);
const NOW = at(2025, 6, 15);
/** The date `n` days from NOW's day. */
const inDays = (n: number) => {
  const d = new Date(2025, 5, 15 + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('dates', () => {
  it('parses YYYY-MM-DD as local midnight and rejects junk', () => {
    expect(parseDate('2025-06-15')!.getTime()).toBe(new Date(2025, 5, 15).getTime());
    expect(parseDate('2025-06-15T12:00:00Z')!.getDate()).toBe(15);
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate('')).toBeNull();
    expect(parseDate('soon')).toBeNull();
  });
  it('adds months, clamping to the month end', () => {
    expect(addMonths('2025-01-15', 12)).toBe('2026-01-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-03-10', 0)).toBe('2025-03-10');
    expect(addMonths(null, 12)).toBeNull();
    expect(addMonths('2025-03-10', null)).toBeNull();
  });
  it('keeps years below 100 as they are (not 1900 + year), both ways', () => {
    expect(parseDate('0050-01-15')!.getFullYear()).toBe(50);
    expect(parseDate('0000-03-01')!.getFullYear()).toBe(0);
    expect(formatIsoDate(parseDate('0050-01-15')!)).toBe('0050-01-15');
    expect(addMonths('0050-01-15', 12)).toBe('0051-01-15');
    expect(addMonths('0099-11-30', 3)).toBe('0100-02-28');
    expect(addMonths('0101-01-31', -13)).toBe('0099-12-31');
    expect(leaseEndDate('0000-01-01', 1)).toBe('0000-02-01');
  });
  it('counts days rounded up, never -0', () => {
    expect(daysUntil(new Date(2025, 5, 15), at(2025, 6, 15))).toBe(0);
    expect(Object.is(daysUntil(new Date(2025, 5, 15), at(2025, 6, 15)), -0)).toBe(false);
    expect(daysUntil(new Date(2025, 5, 16), at(2025, 6, 15))).toBe(1);
    expect(daysUntil(new Date(2025, 5, 14), at(2025, 6, 15))).toBe(-1);
    expect(daysUntil(new Date(2025, 5, 16), at(2025, 6, 15, 0))).toBe(1);
  });
});

describe('lease state', () => {
  it('is No lease when start or end is missing', () => {
    expect(leaseState({ start_date: null, end_date: inDays(10) }, NOW)).toBe('No lease');
    expect(leaseState({ start_date: inDays(-10), end_date: null }, NOW)).toBe('No lease');
    expect(leaseState({ start_date: undefined, end_date: undefined }, NOW)).toBe('No lease');
  });
  it('is Upcoming before the start, Active from the start through the end day, Expired after', () => {
    expect(leaseState({ start_date: inDays(1), end_date: inDays(100) }, NOW)).toBe('Upcoming');
    expect(leaseState({ start_date: inDays(0), end_date: inDays(100) }, NOW)).toBe('Active');
    expect(leaseState({ start_date: inDays(-100), end_date: inDays(0) }, NOW)).toBe('Active');
    expect(leaseState({ start_date: inDays(-100), end_date: inDays(-1) }, NOW)).toBe('Expired');
  });
});

describe('days remaining and its wording', () => {
  it.each([
    [0, 'Expires today', 'Today'],
    [1, '1 day remaining', '1d left'],
    [30, '30 days remaining', '30d left'],
    [31, '31 days remaining', '31d left'],
    [90, '90 days remaining', '90d left'],
    [91, '91 days remaining', '91d left'],
    [-1, 'Expired 1 day ago', '1d ago'],
    [-45, 'Expired 45 days ago', '45d ago'],
  ])('%i days: card %s, table %s', (n, card, table) => {
    expect(daysRemaining(inDays(n), NOW)).toBe(n);
    expect(leaseCardText(inDays(n), NOW)).toBe(card);
    expect(leaseTableText(inDays(n), NOW)).toBe(table);
  });
  it('has no wording without an end date', () => {
    expect(daysRemaining(null, NOW)).toBeNull();
    expect(leaseCardText(null, NOW)).toBeNull();
    expect(leaseTableText(undefined, NOW)).toBeNull();
  });
});

describe('lease end colour', () => {
  it.each([
    [-5, 'red'],
    [0, 'red'],
    [30, 'red'],
    [31, 'amber'],
    [90, 'amber'],
    [91, 'grey'],
    [400, 'grey'],
  ] as const)('%i days is %s', (n, tone) => {
    expect(leaseEndTone(inDays(n), NOW)).toBe(tone);
  });
  it('is grey without an end date', () => {
    expect(leaseEndTone(null, NOW)).toBe('grey');
  });
});

describe('lease end date', () => {
  it('is start + term, only when both are set', () => {
    expect(leaseEndDate('2025-01-01', 6)).toBe('2025-07-01');
    expect(leaseEndDate('', 6)).toBeNull();
    expect(leaseEndDate('2025-01-01', null)).toBeNull();
  });
  it('is start + term months + term days: the days are not dropped', () => {
    // The agreement's date: Jan 1 + 5 months + 15 days.
    expect(leaseEndDate('2025-01-01', 5, 15)).toBe('2025-06-16');
    expect(leaseEndDate('2025-01-01', null, 45)).toBe('2025-02-15');
    expect(leaseEndDate('2025-01-01', 6, 0)).toBe('2025-07-01');
    expect(leaseEndDate('2025-01-01', 6, null)).toBe('2025-07-01');
    expect(leaseEndDate('2025-01-01', null, null)).toBeNull();
    expect(leaseEndDate(null, 6, 15)).toBeNull();
  });
  it('adds the months first, clamped to the month end, then the days', () => {
    expect(leaseEndDate('2025-01-31', 1)).toBe('2025-02-28');
    expect(leaseEndDate('2025-01-31', 1, 1)).toBe('2025-03-01');
    expect(leaseEndDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(leaseEndDate('2024-01-31', 1, 1)).toBe('2024-03-01');
    expect(leaseEndDate('2024-02-29', 12)).toBe('2025-02-28');
    expect(leaseEndDate('2024-02-28', null, 1)).toBe('2024-02-29');
    expect(leaseEndDate('2025-02-28', null, 1)).toBe('2025-03-01');
    expect(leaseEndDate('2025-12-31', null, 1)).toBe('2026-01-01');
    expect(leaseEndDate('2025-11-30', 1, 31)).toBe('2026-01-30');
  });
});

describe('profile lease status', () => {
  it('is No Lease without a start', () => {
    expect(profileLeaseStatus({ start_date: null, term_months: 12 }, NOW)).toBe('No Lease');
  });
  it('uses 12 months when the term is missing', () => {
    // Started 12 months ago yesterday's day: ended yesterday.
    expect(profileLeaseStatus({ start_date: '2024-06-14', term_months: null }, NOW)).toBe('Expired');
    expect(profileLeaseStatus({ start_date: '2024-06-15', term_months: undefined }, NOW)).toBe('Expiring Soon');
  });
  it('counts term days too: a lease of days only is not a 12-month one', () => {
    expect(profileLeaseStatus({ start_date: '2025-06-01', term_months: null, term_days: 10 }, NOW)).toBe('Expired');
    expect(profileLeaseStatus({ start_date: '2025-05-15', term_months: 1, term_days: 40 }, NOW)).toBe('Active');
  });
  it.each([
    [-1, 'Expired'],
    [0, 'Expiring Soon'],
    [29, 'Expiring Soon'],
    [30, 'Active'],
    [31, 'Active'],
    [91, 'Active'],
  ] as const)('end in %i days is %s', (n, status) => {
    // A one-month term ending `n` days from now.
    const end = new Date(2025, 5, 15 + n);
    const start = new Date(end.getFullYear(), end.getMonth() - 1, end.getDate());
    const iso = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    expect(leaseEndDate(iso, 1)).toBe(inDays(n));
    expect(profileLeaseStatus({ start_date: iso, term_months: 1 }, NOW)).toBe(status);
  });
});
