import { describe, expect, it } from 'vitest';
import {
  BOOKING_STEP,
  bookingRuleProblem,
  DEFAULT_HOURS,
  isTimeZone,
  localTime,
  overlaps,
  seriesSpans,
  withOffset,
} from '@shared/domain/bookings';

const NY = 'America/New_York';
const AUSTIN = { ...DEFAULT_HOURS, time_zone: 'America/Chicago' };
const before = new Date('2026-01-01T00:00:00Z');

describe('booking rules', () => {
  it('checks opening hours on the location clock', () => {
    // 02:30 UTC on 10 March is 22:30 in New York (EDT) and 21:30 in Austin (CDT).
    const span = { starts_at: '2026-03-11T02:30:00.000Z', ends_at: '2026-03-11T03:00:00.000Z' };
    expect(bookingRuleProblem(span, AUSTIN, before)).toBeNull();
    expect(bookingRuleProblem(span, DEFAULT_HOURS, before)?.field).toBe('starts_at');
  });

  it('takes 15-minute steps and a length from 15 minutes to 8 hours', () => {
    expect(bookingRuleProblem({ starts_at: '2026-03-11T14:10:00.000Z', ends_at: '2026-03-11T15:00:00.000Z' }, DEFAULT_HOURS, before)?.message).toBe(BOOKING_STEP);
    expect(bookingRuleProblem({ starts_at: '2026-03-11T14:00:30.000Z', ends_at: '2026-03-11T15:00:00.000Z' }, DEFAULT_HOURS, before)?.message).toBe(BOOKING_STEP);
    expect(bookingRuleProblem({ starts_at: '2026-03-11T12:00:00.000Z', ends_at: '2026-03-11T20:00:00.000Z' }, DEFAULT_HOURS, before)).toBeNull();
    expect(bookingRuleProblem({ starts_at: '2026-03-11T12:00:00.000Z', ends_at: '2026-03-11T20:15:00.000Z' }, DEFAULT_HOURS, before)?.field).toBe('ends_at');
  });

  it('repeats weekly at the same local time across the March and November changes', () => {
    const first = { starts_at: '2026-02-23T15:00:00.000Z', ends_at: '2026-02-23T16:00:00.000Z' }; // 10:00 EST
    const march = seriesSpans(first, { freq: 'weekly', count: 4 }, NY)!;
    expect(march.map((s) => localTime(s.starts_at, NY))).toEqual(['10:00', '10:00', '10:00', '10:00']);
    expect(march.map((s) => withOffset(s.starts_at, NY).slice(-6))).toEqual(['-05:00', '-05:00', '-04:00', '-04:00']);
    const fall = seriesSpans({ starts_at: '2026-10-26T14:00:00.000Z', ends_at: '2026-10-26T15:00:00.000Z' }, { freq: 'weekly', until: '2026-11-09' }, NY)!;
    expect(fall.map((s) => s.starts_at)).toEqual(['2026-10-26T14:00:00.000Z', '2026-11-02T15:00:00.000Z', '2026-11-09T15:00:00.000Z']);
  });

  it('holds a series to 52 bookings', () => {
    const first = { starts_at: '2026-03-02T15:00:00.000Z', ends_at: '2026-03-02T16:00:00.000Z' };
    expect(seriesSpans(first, { freq: 'daily', count: 52 }, NY)).toHaveLength(52);
    expect(seriesSpans(first, { freq: 'daily', until: '2026-12-31' }, NY)).toBeNull();
    expect(seriesSpans(first, undefined, NY)).toEqual([first]);
  });

  it('sees overlap as half-open and knows zone names', () => {
    const a = { starts_at: '2026-03-02T15:00:00Z', ends_at: '2026-03-02T16:00:00Z' };
    expect(overlaps(a, { starts_at: '2026-03-02T16:00:00Z', ends_at: '2026-03-02T17:00:00Z' })).toBe(false);
    expect(overlaps(a, { starts_at: '2026-03-02T15:59:00Z', ends_at: '2026-03-02T17:00:00Z' })).toBe(true);
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
