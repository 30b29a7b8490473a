/**
 * The calendar's columns and which bookings stand in each: pure, so a push that changes one room's
 * bookings hands every other column the very array it had (their memoised views skip the render).
 */
import type { Booking } from '@shared/schemas/bookings';
import { DAY_MINUTES, dayKeyOf, minutesOnDay, type DayKey } from './bookingTime';
import type { Hours, Span } from './calendarDrag';

/** One column: a room on a day (day view: the rooms; week view: one room's days). */
export interface CalendarColumn {
  key: string;
  roomId: string;
  roomNumber: string;
  locationId: string;
  day: DayKey;
  /** What the header says, and what a screen reader hears for the column. */
  label: string;
  sublabel: string;
  /** The room and the day in words, for a screen reader ('Room 3A, Friday, 18 December'). */
  name: string;
  hours: Hours;
  /** The user may book here (policy, at this room's location). */
  canWrite: boolean;
}

export const columnKey = (roomId: string, day: DayKey) => `${roomId}|${day}`;

/** The confirmed bookings of each column, in start order; a column's array is kept when its bookings did not change. */
export function bookingsByColumn(
  columns: readonly CalendarColumn[],
  bookings: readonly Booking[],
  zone: string,
  previous: Readonly<Record<string, readonly Booking[]>> = {},
): Record<string, readonly Booking[]> {
  const wanted = new Set(columns.map((c) => c.key));
  const out: Record<string, Booking[]> = {};
  for (const booking of bookings) {
    if (booking.status !== 'confirmed') continue;
    const key = columnKey(booking.room_id, dayKeyOf(booking.starts_at, zone));
    if (!wanted.has(key)) continue;
    (out[key] ??= []).push(booking);
  }
  const result: Record<string, readonly Booking[]> = {};
  for (const column of columns) {
    const list = (out[column.key] ?? []).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id.localeCompare(b.id));
    const before = previous[column.key];
    result[column.key] = before && before.length === list.length && before.every((b, i) => b === list[i]) ? before : list;
  }
  return result;
}

/** Where a booking stands on its column's day, clipped to the day. */
export function spanOn(booking: Pick<Booking, 'starts_at' | 'ends_at'>, day: DayKey, zone: string): Span {
  const start = Math.max(0, minutesOnDay(booking.starts_at, day, zone));
  const end = Math.min(DAY_MINUTES, minutesOnDay(booking.ends_at, day, zone));
  return { start, end: Math.max(end, start) };
}

/** Is any minute of `span` already taken in the column (other than by `except`)? For the drag preview's warning only: the server decides. */
export function clashIn(bookings: readonly Booking[], span: Span, day: DayKey, zone: string, except?: string): Booking | null {
  for (const booking of bookings) {
    if (booking.id === except) continue;
    const other = spanOn(booking, day, zone);
    if (other.start < span.end && span.start < other.end) return booking;
  }
  return null;
}

/** The quarter hour a keyboard booking starts at: now (rounded up) today, opening time on other days. */
export function keyboardStart(column: CalendarColumn, today: DayKey, nowMinutes: number): number {
  if (column.day !== today) return column.hours.opens;
  const next = Math.ceil(nowMinutes / 15) * 15;
  return Math.min(Math.max(next, column.hours.opens), column.hours.closes - 15);
}
