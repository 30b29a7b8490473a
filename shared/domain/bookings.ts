/**
 * Meeting-room bookings: the rules the spec gives (API.md "Meeting rooms and bookings"), pure and
 * shared by the server (which enforces them inside the command) and the client (which shows them
 * before sending). Every time is an instant; the location's wall clock comes from its IANA zone
 * through @date-fns/tz, so daylight saving is the zone database's business, never ours.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format } from 'date-fns';

export const BOOKING_STEP_MINUTES = 15;
export const BOOKING_MIN_MINUTES = 15;
export const BOOKING_MAX_MINUTES = 8 * 60;
/** The widest window GET /api/bookings answers for. */
export const BOOKING_RANGE_MAX_DAYS = 62;
/** The most bookings one series may hold. */
export const BOOKING_REPEAT_MAX = 52;
export const BOOKING_REPEATS = ['daily', 'weekly'] as const;
export type BookingRepeat = (typeof BOOKING_REPEATS)[number];
export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The office type that makes an office a bookable meeting room. */
export const MEETING_ROOM_TYPE = 'Meeting Room';

/** A location's clock and hours: open every day from `opens_at` to `closes_at` (HH:MM) local time. */
export interface OpeningHours {
  time_zone: string;
  opens_at: string;
  closes_at: string;
}

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_OPENS_AT = '07:00';
export const DEFAULT_CLOSES_AT = '22:00';
export const DEFAULT_HOURS: OpeningHours = { time_zone: DEFAULT_TIME_ZONE, opens_at: DEFAULT_OPENS_AT, closes_at: DEFAULT_CLOSES_AT };

export const BOOKING_ORDER = 'A booking must end after it starts';
export const BOOKING_STEP = 'Bookings start and end on a 15-minute step (:00, :15, :30 or :45)';
export const BOOKING_LENGTH = 'A booking lasts from 15 minutes to 8 hours';
export const BOOKING_PAST = 'A booking cannot start in the past';
export const BOOKING_CANCELLED = 'This booking is cancelled';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const ROOM_NOT_FOUND = 'Meeting room not found';
export const BOOKING_RANGE = `From and to must be at most ${BOOKING_RANGE_MAX_DAYS} days apart`;
export const BOOKING_SERIES_SIZE = `A series holds at most ${BOOKING_REPEAT_MAX} bookings`;
export const outsideHours = (hours: OpeningHours) =>
  `Bookings must be within the location's opening hours, ${hours.opens_at}-${hours.closes_at} local time`;

/** True for a zone name the runtime's zone database knows (America/Chicago), false for anything else. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of an HH:MM time. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant on the location's wall clock. */
export const inZone = (instant: Date | string, timeZone: string) => new TZDate(new Date(instant).getTime(), timeZone);

/** HH:mm on the location's wall clock. */
export const localTime = (instant: Date | string, timeZone: string) => format(inZone(instant, timeZone), 'HH:mm');

/** hh:mm on the local day `day` (YYYY-MM-DD) in the zone, as a zoned date (whose day arithmetic keeps the wall clock). */
export function wallClock(day: string, hhmm: string, timeZone: string): TZDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), 0, 0, timeZone);
}

/** YYYY-MM-DD on the location's wall clock. */
export const localDate = (instant: Date | string, timeZone: string) => format(inZone(instant, timeZone), 'yyyy-MM-dd');

/** The instant as ISO 8601 with the location's offset (2026-03-09T10:00:00.000-04:00), as the API answers it. */
export const withOffset = (instant: Date | string, timeZone: string) => inZone(instant, timeZone).toISOString();

export interface Span {
  starts_at: string;
  ends_at: string;
}

/** Half-open spans [start, end): one ending at 11:00 and one starting at 11:00 do not overlap. */
export const overlaps = (a: Span, b: Span) => Date.parse(a.starts_at) < Date.parse(b.ends_at) && Date.parse(b.starts_at) < Date.parse(a.ends_at);

export interface RuleProblem {
  field: 'starts_at' | 'ends_at';
  message: string;
  /** 400 for a malformed booking. */
  status: 400;
}

/**
 * The first rule a booking's times break, or null: end after start, 15-minute steps, 15 minutes
 * to 8 hours, not starting before `now`, inside the opening hours on the location's wall clock
 * (start and end on the same local day).
 */
export function bookingRuleProblem(span: Span, hours: OpeningHours, now: Date): RuleProblem | null {
  const starts = new Date(span.starts_at);
  const ends = new Date(span.ends_at);
  const problem = (field: RuleProblem['field'], message: string): RuleProblem => ({ field, message, status: 400 });
  if (ends.getTime() <= starts.getTime()) return problem('ends_at', BOOKING_ORDER);
  const local = (d: Date) => inZone(d, hours.time_zone);
  const onStep = (d: Date) => d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0 && local(d).getMinutes() % BOOKING_STEP_MINUTES === 0;
  if (!onStep(starts)) return problem('starts_at', BOOKING_STEP);
  if (!onStep(ends)) return problem('ends_at', BOOKING_STEP);
  const minutes = (ends.getTime() - starts.getTime()) / 60_000;
  if (minutes < BOOKING_MIN_MINUTES || minutes > BOOKING_MAX_MINUTES) return problem('ends_at', BOOKING_LENGTH);
  if (starts.getTime() < now.getTime()) return problem('starts_at', BOOKING_PAST);
  const [s, e] = [local(starts), local(ends)];
  const sameDay = localDate(starts, hours.time_zone) === localDate(ends, hours.time_zone);
  const startMinute = s.getHours() * 60 + s.getMinutes();
  const endMinute = e.getHours() * 60 + e.getMinutes();
  if (!sameDay || startMinute < minutesOf(hours.opens_at) || endMinute > minutesOf(hours.closes_at)) {
    const startOutside = !sameDay || startMinute < minutesOf(hours.opens_at) || startMinute >= minutesOf(hours.closes_at);
    return problem(startOutside ? 'starts_at' : 'ends_at', outsideHours(hours));
  }
  return null;
}

export interface Repeat {
  freq: BookingRepeat;
  /** How many bookings in all, the first included. */
  count?: number;
  /** The last local day (YYYY-MM-DD) a booking of the series may fall on. */
  until?: string;
}

/**
 * The spans of a series: the first, then every day or week at the same local time in the
 * location's zone (a weekly 10:00 stays 10:00 across a daylight-saving change). Null when the
 * series would hold more than BOOKING_REPEAT_MAX bookings.
 */
export function seriesSpans(first: Span, repeat: Repeat | undefined, timeZone: string): Span[] | null {
  if (!repeat) return [first];
  const step = repeat.freq === 'daily' ? addDays : addWeeks;
  const [start, end] = [inZone(first.starts_at, timeZone), inZone(first.ends_at, timeZone)];
  const spans: Span[] = [];
  // Without a count the series runs to `until`: one past the limit says it is too long.
  const limit = repeat.count ?? BOOKING_REPEAT_MAX + 1;
  for (let i = 0; i < limit; i++) {
    const span = { starts_at: new Date(step(start, i).getTime()).toISOString(), ends_at: new Date(step(end, i).getTime()).toISOString() };
    if (repeat.until !== undefined && localDate(span.starts_at, timeZone) > repeat.until) break;
    if (spans.length >= BOOKING_REPEAT_MAX) return null;
    spans.push(span);
  }
  return spans;
}

/** A confirmed booking in the way of a new one. */
export interface Taken extends Span {
  id: string;
  booked_by: string;
}

/**
 * The 409 naming every booking in the way, in the location's local time: 'Room 4A is booked
 * 10:00-11:00 by Jordan Lee'. A series names the day of each clash too.
 */
export function clashMessage(roomNumber: string, taken: readonly Taken[], timeZone: string, series = false): string {
  const sorted = [...taken].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return sorted
    .map((t) => {
      const day = series ? ` on ${format(inZone(t.starts_at, timeZone), 'EEE d MMM yyyy')}` : '';
      return `Room ${roomNumber} is booked ${localTime(t.starts_at, timeZone)}-${localTime(t.ends_at, timeZone)} by ${t.booked_by}${day}`;
    })
    .join('; ');
}

/** Hours between two instants. */
export const hoursBetween = (from: Date | string, to: Date | string) => (new Date(to).getTime() - new Date(from).getTime()) / 3_600_000;

/**
 * Hours a location is open from `from` to `to` (local days, inclusive of `from`'s day, exclusive
 * of `to`'s), counted on its wall clock: a day is opens_at to closes_at however long the day is.
 */
export function openHours(hours: OpeningHours, fromDay: string, toDay: string): number {
  const perDay = (minutesOf(hours.closes_at) - minutesOf(hours.opens_at)) / 60;
  const days = Math.max(0, Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000));
  return perDay * days;
}
