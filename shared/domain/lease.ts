/** Lease rules (spec part 1, sections 4, 5 and 9), read on the user's wall clock. Pure. */
import { addDays, addMonths, daysUntil, parseDate } from './dates';

export type LeaseState = 'No lease' | 'Upcoming' | 'Active' | 'Expired';
export type ProfileLeaseStatus = 'No Lease' | 'Active' | 'Expiring Soon' | 'Expired';
export type LeaseEndTone = 'red' | 'amber' | 'grey';

/** Expiring-soon threshold, and the table's red and amber limits, in days. */
export const EXPIRING_SOON_DAYS = 30;
export const LEASE_END_RED_DAYS = 30;
export const LEASE_END_AMBER_DAYS = 90;
/** The profile's term when none is recorded. */
export const DEFAULT_TERM_MONTHS = 12;

type Maybe<T> = T | null | undefined;

/**
 * THE lease end, wherever one is computed (an office's lease, a signed deal's leases, its
 * agreement, the dialogs' previews): start date + term months + term days. The months first, a
 * day the target month lacks becoming its last (Jan 31 + 1 month = Feb 28, or 29), then the days.
 * Null without a start date or without any term.
 */
export function leaseEndDate(startDate: Maybe<string>, termMonths: Maybe<number>, termDays?: Maybe<number>): string | null {
  const months = termMonths ?? null;
  const days = termDays ?? null;
  if (months === null && days === null) return null;
  const afterMonths = addMonths(startDate, months ?? 0);
  return afterMonths === null ? null : addDays(afterMonths, days ?? 0);
}

/** Days from now until the end date, rounded up; null without an end date. */
export function daysRemaining(endDate: Maybe<string>, now: Date): number | null {
  const end = parseDate(endDate);
  return end ? daysUntil(end, now) : null;
}

export function leaseState(lease: { start_date?: Maybe<string>; end_date?: Maybe<string> }, now: Date): LeaseState {
  const start = parseDate(lease.start_date);
  const end = parseDate(lease.end_date);
  if (!start || !end) return 'No lease';
  if (daysUntil(start, now) > 0) return 'Upcoming';
  if (daysUntil(end, now) < 0) return 'Expired';
  return 'Active';
}

const plural = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The card's wording: 'N days remaining', 'Expires today' or 'Expired N days ago'. */
export function leaseCardText(endDate: Maybe<string>, now: Date): string | null {
  const days = daysRemaining(endDate, now);
  if (days === null) return null;
  if (days === 0) return 'Expires today';
  return days > 0 ? `${plural(days)} remaining` : `Expired ${plural(-days)} ago`;
}

/** The table's wording: 'Nd left', 'Today' or 'Nd ago'. */
export function leaseTableText(endDate: Maybe<string>, now: Date): string | null {
  const days = daysRemaining(endDate, now);
  if (days === null) return null;
  if (days === 0) return 'Today';
  return days > 0 ? `${days}d left` : `${-days}d ago`;
}

/** 30 days or fewer red, 90 or fewer amber, else grey (and grey without an end date). */
export function leaseEndTone(endDate: Maybe<string>, now: Date): LeaseEndTone {
  const days = daysRemaining(endDate, now);
  if (days === null) return 'grey';
  if (days <= LEASE_END_RED_DAYS) return 'red';
  if (days <= LEASE_END_AMBER_DAYS) return 'amber';
  return 'grey';
}

/** The profile's status: start + term (12 months if missing); fewer than 30 days left is Expiring Soon. */
export function profileLeaseStatus(
  lease: { start_date?: Maybe<string>; term_months?: Maybe<number>; term_days?: Maybe<number> },
  now: Date,
): ProfileLeaseStatus {
  const untermed = (lease.term_months ?? null) === null && (lease.term_days ?? null) === null;
  const end = untermed ? leaseEndDate(lease.start_date, DEFAULT_TERM_MONTHS) : leaseEndDate(lease.start_date, lease.term_months, lease.term_days);
  const days = daysRemaining(end, now);
  if (days === null) return 'No Lease';
  if (days < 0) return 'Expired';
  if (days < EXPIRING_SOON_DAYS) return 'Expiring Soon';
  return 'Active';
}
