/**
 * Calendar time in a location's zone. The calendar's vertical axis is the wall clock of the
 * location (minutes since its local midnight), so 10:00 sits at the same height on every day,
 * a day of a clock change included; instants go in and out only through @date-fns/tz.
 * Pure functions.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { BOOKING_MAX_MINUTES, BOOKING_MIN_MINUTES, BOOKING_STEP_MINUTES } from '@shared/domain/bookings';

/** Bookings start and end on quarter hours and last 15 minutes to 8 hours (API.md). */
export const SLOT_MINUTES = BOOKING_STEP_MINUTES;
export const MIN_BOOKING_MINUTES = BOOKING_MIN_MINUTES;
export const MAX_BOOKING_MINUTES = BOOKING_MAX_MINUTES;
export const DAY_MINUTES = 24 * 60;

/** A calendar day as 'yyyy-MM-dd', in no zone. */
export type DayKey = string;

const toDate = (instant: Date | string) => (typeof instant === 'string' ? parseISO(instant) : instant);

/** The day an instant falls on at the location. */
export function dayKeyOf(instant: Date | string, zone: string): DayKey {
  return format(toDate(instant), 'yyyy-MM-dd', { in: tz(zone) });
}

/** The wall clock of an instant at the location, 'HH:mm'. */
export function clockOf(instant: Date | string, zone: string): string {
  return format(toDate(instant), 'HH:mm', { in: tz(zone) });
}

/** Days between two day keys (b − a). */
export function daysBetween(a: DayKey, b: DayKey): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The day key `n` days after `day`. */
export function shiftDay(day: DayKey, n: number): DayKey {
  return format(addDays(new Date(`${day}T12:00:00Z`), n), 'yyyy-MM-dd', { in: tz('UTC') });
}

/** The seven days (Monday first) of the week holding `day`. */
export function weekOf(day: DayKey): DayKey[] {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monday = shiftDay(day, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
}

/**
 * Where an instant stands on `day`'s axis: wall-clock minutes since that day's local midnight,
 * continuing past 24:00 into the next day and below 0 into the day before.
 */
export function minutesOnDay(instant: Date | string, day: DayKey, zone: string): number {
  const local = new TZDate(toDate(instant).getTime(), zone);
  const own = format(local, 'yyyy-MM-dd');
  return daysBetween(day, own) * DAY_MINUTES + local.getHours() * 60 + local.getMinutes();
}

/** The instant at wall-clock `minutes` on `day` at the location (24:00 is the next midnight). */
export function instantAt(day: DayKey, minutes: number, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const dayOffset = Math.floor(minutes / DAY_MINUTES);
  const rest = minutes - dayOffset * DAY_MINUTES;
  const date = new TZDate(y, m - 1, d + dayOffset, Math.floor(rest / 60), rest % 60, zone);
  return new Date(date.getTime());
}

/** To the nearest quarter hour. */
export function snap(minutes: number, step = SLOT_MINUTES): number {
  return Math.round(minutes / step) * step;
}

/** Down to the quarter hour that holds it. */
export function snapDown(minutes: number, step = SLOT_MINUTES): number {
  return Math.floor(minutes / step) * step;
}

/** The calendar's scale: how tall a minute is. */
export interface Scale {
  pxPerMinute: number;
}

export const minutesToPx = (minutes: number, scale: Scale) => minutes * scale.pxPerMinute;
export const pxToMinutes = (px: number, scale: Scale) => px / scale.pxPerMinute;

/** 'HH:mm' of axis minutes. */
export function clockText(minutes: number): string {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Axis minutes of 'HH:mm'. */
export function minutesOfClock(clock: string): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** 'Friday, 27 November' for a day key. */
export function dayTitle(day: DayKey): string {
  return format(new Date(`${day}T12:00:00Z`), 'EEEE, d MMMM', { in: tz('UTC') });
}

/** 'Fri 27' for a day key. */
export function dayShort(day: DayKey): string {
  return format(new Date(`${day}T12:00:00Z`), 'EEE d', { in: tz('UTC') });
}
