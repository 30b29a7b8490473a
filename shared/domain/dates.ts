/** Calendar dates (YYYY-MM-DD) as the API sends them, read on the user's wall clock. Pure. */

export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Local midnight of year-month-day; months and days past their end roll over. Unlike
 * `new Date(y, m, d)`, which reads a year below 100 as 1900 + year, the year is taken as given.
 */
function localDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex, day);
  return date;
}

/** Local midnight of a YYYY-MM-DD date (a longer ISO timestamp is read by its date part); null if missing or invalid. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = localDate(Number(y), Number(m) - 1, Number(d));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** YYYY-MM-DD of a date, on the local calendar. */
export function formatIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The start date plus a number of months, as YYYY-MM-DD; a day that the target month lacks
 * becomes its last day (Jan 31 + 1 month = Feb 28/29). Null unless both are set.
 */
export function addMonths(start: string | null | undefined, months: number | null | undefined): string | null {
  const date = parseDate(start);
  if (!date || months === null || months === undefined || !Number.isFinite(months)) return null;
  const targetMonth = date.getMonth() + Math.trunc(months);
  const lastDay = localDate(date.getFullYear(), targetMonth + 1, 0).getDate();
  return formatIsoDate(localDate(date.getFullYear(), targetMonth, Math.min(date.getDate(), lastDay)));
}

/** A YYYY-MM-DD date plus a number of days (past a month's end into the next). */
export function addDays(date: string, days: number): string | null {
  const day = parseDate(date);
  if (!day || !Number.isFinite(days)) return null;
  return formatIsoDate(localDate(day.getFullYear(), day.getMonth(), day.getDate() + Math.trunc(days)));
}

/** Whole days from `now` until the date's midnight, rounded up (0 on the day itself, -1 the day after). */
export function daysUntil(date: Date, now: Date): number {
  const days = Math.ceil((date.getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // never -0
}
