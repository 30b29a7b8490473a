import { describe, expect, it } from 'vitest';
import {
  clockOf,
  dayKeyOf,
  instantAt,
  minutesOnDay,
  minutesToPx,
  pxToMinutes,
  shiftDay,
  snap,
  snapDown,
  weekOf,
} from '../../client/src/screens/bookings/bookingTime';
import { createAnchor, dragColumn, dragSpan } from '../../client/src/screens/bookings/calendarDrag';

const NY = 'America/New_York';
const HOURS = { opens: 7 * 60, closes: 22 * 60 };

describe('slot snapping', () => {
  it('rounds to the nearest quarter hour and floors to the one that holds a minute', () => {
    expect(snap(607)).toBe(600);
    expect(snap(608)).toBe(615);
    expect(snapDown(614)).toBe(600);
    expect(snapDown(615)).toBe(615);
  });
});

describe('time and pixels in a zone', () => {
  const scale = { pxPerMinute: 0.8 };
  it('places 10:00 at the same height on an ordinary day and on the day clocks spring forward', () => {
    const ordinary = instantAt('2026-03-07', 600, NY);
    const dst = instantAt('2026-03-08', 600, NY);
    expect(ordinary.toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(dst.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(minutesOnDay(ordinary, '2026-03-07', NY)).toBe(600);
    expect(minutesOnDay(dst, '2026-03-08', NY)).toBe(600);
    expect(minutesToPx(minutesOnDay(dst, '2026-03-08', NY), scale)).toBe(480);
  });

  it('turns a pixel offset back into the instant at the location on a clock-change day', () => {
    const minutes = snap(pxToMinutes(481, scale));
    expect(minutes).toBe(600);
    expect(instantAt('2026-11-01', minutes, NY).toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(instantAt('2026-10-31', minutes, NY).toISOString()).toBe('2026-10-31T14:00:00.000Z');
  });

  it('reads instants on the location clock, not the browser one', () => {
    expect(dayKeyOf('2026-11-28T03:30:00Z', NY)).toBe('2026-11-27');
    expect(clockOf('2026-11-28T03:30:00Z', NY)).toBe('22:30');
    expect(clockOf('2026-11-28T03:30:00Z', 'America/Chicago')).toBe('21:30');
    expect(minutesOnDay('2026-11-28T05:15:00Z', '2026-11-27', NY)).toBe(24 * 60 + 15);
  });

  it('counts 24:00 as the next midnight', () => {
    expect(instantAt('2026-11-27', 24 * 60, NY).toISOString()).toBe('2026-11-28T05:00:00.000Z');
  });

  it('walks days and weeks without a zone', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekOf('2026-11-27')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
});

describe('dragging a booking', () => {
  const booking = { start: 600, end: 660 };

  it('moves in quarter hours and keeps its length inside opening hours', () => {
    expect(dragSpan('move', booking, 37, HOURS)).toEqual({ start: 630, end: 690 });
    expect(dragSpan('move', booking, -500, HOURS)).toEqual({ start: 420, end: 480 });
    expect(dragSpan('move', booking, 900, HOURS)).toEqual({ start: 1260, end: 1320 });
  });

  it('resizes either edge to at least 15 minutes and at most 8 hours', () => {
    expect(dragSpan('end', booking, 50, HOURS)).toEqual({ start: 600, end: 705 });
    expect(dragSpan('end', booking, -200, HOURS)).toEqual({ start: 600, end: 615 });
    expect(dragSpan('end', booking, 1000, HOURS)).toEqual({ start: 600, end: 1080 });
    expect(dragSpan('start', booking, 100, HOURS)).toEqual({ start: 645, end: 660 });
    expect(dragSpan('start', booking, -400, HOURS)).toEqual({ start: 420, end: 660 });
  });

  it('creates from the anchor towards the pointer, either way', () => {
    const anchor = { start: createAnchor(610, HOURS), end: 615 };
    expect(anchor.start).toBe(600);
    expect(dragSpan('create', anchor, 0, HOURS)).toEqual({ start: 600, end: 615 });
    expect(dragSpan('create', anchor, 52, HOURS)).toEqual({ start: 600, end: 660 });
    expect(dragSpan('create', anchor, -40, HOURS)).toEqual({ start: 555, end: 615 });
  });

  it('starts a new booking inside opening hours', () => {
    expect(createAnchor(30, HOURS)).toBe(420);
    expect(createAnchor(23 * 60, HOURS)).toBe(22 * 60 - 15);
  });

  it('changes column by whole columns for moves and creations only', () => {
    expect(dragColumn('move', 1, 130, 120, 4)).toBe(2);
    expect(dragColumn('move', 1, 50, 120, 4)).toBe(1);
    expect(dragColumn('move', 1, -500, 120, 4)).toBe(0);
    expect(dragColumn('end', 1, 300, 120, 4)).toBe(1);
  });
});
