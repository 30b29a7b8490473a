/**
 * What a drag on the calendar makes of a booking: pure arithmetic on axis minutes. Every result
 * stands on quarter hours, lasts 15 minutes to 8 hours, and stays inside the day's opening hours,
 * so what the user sees while dragging is what the server would accept (bar clashes and the past).
 */
import { MAX_BOOKING_MINUTES, MIN_BOOKING_MINUTES, snap, snapDown } from './bookingTime';

/** A stretch of one day's axis, in minutes since local midnight. */
export interface Span {
  start: number;
  end: number;
}

/** The day's opening hours on the axis. */
export interface Hours {
  opens: number;
  closes: number;
}

/**
 * create: a new booking from where the pointer went down; move: the whole booking;
 * start / end: one edge of it.
 */
export type DragKind = 'create' | 'move' | 'start' | 'end';

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The span after dragging `origin` by `delta` minutes. */
export function dragSpan(kind: DragKind, origin: Span, delta: number, hours: Hours): Span {
  switch (kind) {
    case 'move': {
      const length = origin.end - origin.start;
      const start = clamp(snap(origin.start + delta), hours.opens, hours.closes - length);
      return { start, end: start + length };
    }
    case 'start': {
      const low = Math.max(hours.opens, origin.end - MAX_BOOKING_MINUTES);
      return { start: clamp(snap(origin.start + delta), low, origin.end - MIN_BOOKING_MINUTES), end: origin.end };
    }
    case 'end': {
      const high = Math.min(hours.closes, origin.start + MAX_BOOKING_MINUTES);
      return { start: origin.start, end: clamp(snap(origin.end + delta), origin.start + MIN_BOOKING_MINUTES, high) };
    }
    case 'create': {
      // The anchor is the quarter hour the drag began in; the other end follows the pointer.
      const anchor = origin.start;
      const tip = anchor + delta;
      if (tip >= anchor) return dragSpan('end', { start: anchor, end: anchor + MIN_BOOKING_MINUTES }, snapDown(tip) - anchor, hours);
      return dragSpan('start', { start: anchor, end: anchor + MIN_BOOKING_MINUTES }, snapDown(tip) - anchor, hours);
    }
  }
}

/** The column a drag lands in: where it began, shifted by whole columns (move and create only). */
export function dragColumn(kind: DragKind, origin: number, deltaX: number, columnWidth: number, columns: number): number {
  if (kind === 'start' || kind === 'end' || columnWidth <= 0) return origin;
  return clamp(origin + Math.round(deltaX / columnWidth), 0, columns - 1);
}

/** The quarter hour a new booking begins in when the pointer goes down `minutes` into the day. */
export function createAnchor(minutes: number, hours: Hours): number {
  return clamp(snapDown(minutes), hours.opens, hours.closes - MIN_BOOKING_MINUTES);
}
