/**
 * Report periods and their calendar dates (RESOLUTIONS.md: the period selectors work, from the
 * log). Reports read days on one calendar, the company's (New York): "as of 1 March" is the
 * state at the end of 1 March there, wherever the reader sits. Pure; the clock is a parameter.
 */

/** The calendar reports count days in. */
export const REPORT_TIME_ZONE = 'America/New_York';

/** The earliest as-of date a report takes: before it is a typo, not a question. */
export const EARLIEST_REPORT_DATE = '2000-01-01';

export const OCCUPANCY_PERIODS = ['current_month', 'this_quarter', 'this_year'] as const;
export type OccupancyPeriod = (typeof OCCUPANCY_PERIODS)[number];
export const OCCUPANCY_PERIOD_LABELS: Record<OccupancyPeriod, string> = {
  current_month: 'Current Month',
  this_quarter: 'This Quarter',
  this_year: 'This Year',
};

export const TERM_PERIODS = ['current', 'this_quarter', 'this_year', 'all_time'] as const;
export type TermPeriod = (typeof TERM_PERIODS)[number];
export const TERM_PERIOD_LABELS: Record<TermPeriod, string> = {
  current: 'Current Leases',
  this_quarter: 'This Quarter',
  this_year: 'This Year',
  all_time: 'All Time',
};

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date (YYYY-MM-DD) on the reports' calendar. */
export function reportToday(now: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (date: string) => date.split('-').map(Number) as [number, number, number];
/** y-m-d with the month and day rolled over as the calendar does (UTC arithmetic: no clock shifts). */
const dateOf = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(y, m - 1, d);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** True for a real calendar date written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = ymd(value);
  return dateOf(y, m, d) === value;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  return dateOf(y, m, d + days);
}

/** The first day of the month, quarter or year holding `date`. */
export function periodStart(date: string, unit: 'month' | 'quarter' | 'year'): string {
  const [y, m] = ymd(date);
  if (unit === 'year') return dateOf(y, 1, 1);
  if (unit === 'quarter') return dateOf(y, Math.floor((m - 1) / 3) * 3 + 1, 1);
  return dateOf(y, m, 1);
}

/** The last day of the month, quarter or year holding `date`. */
export function periodEnd(date: string, unit: 'month' | 'quarter' | 'year'): string {
  const [y, m] = ymd(periodStart(date, unit));
  const months = unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1;
  return dateOf(y, m + months, 0);
}

export const OCCUPANCY_PERIOD_UNIT: Record<OccupancyPeriod, 'month' | 'quarter' | 'year'> = {
  current_month: 'month',
  this_quarter: 'quarter',
  this_year: 'year',
};

/** The leases a term-analysis period covers: by start date within [from, to], or every one (null). */
export function termPeriodRange(period: TermPeriod, today: string): { from: string; to: string } | null {
  if (period === 'this_quarter') return { from: periodStart(today, 'quarter'), to: periodEnd(today, 'quarter') };
  if (period === 'this_year') return { from: periodStart(today, 'year'), to: periodEnd(today, 'year') };
  return null;
}

/** How many points the occupancy history has: eleven month ends and the report's own day. */
export const HISTORY_POINTS = 12;

/** The last days of the `count` months before the month of `date`, oldest first. */
export function previousMonthEnds(date: string, count: number): string[] {
  const [y, m] = ymd(date);
  return Array.from({ length: count }, (_, i) => dateOf(y, m - count + i + 1, 0));
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => {
  const [y, m, d] = ymd(date);
  return new Date(Date.UTC(y, m - 1, d));
};

/** 'Mar 2025' */
export const formatMonth = (date: string) => monthLabel.format(utc(date));
/** 'Mar 1, 2025' */
export const formatReportDate = (date: string) => dayLabel.format(utc(date));
