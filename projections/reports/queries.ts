import type { Actor } from '@shared/domain/access';
import type { StatusAggregate } from '@shared/domain/reportsOccupancy';
import { REPORT_TIME_ZONE } from '@shared/domain/reportsPeriods';
import type { LeaseInput } from '@shared/domain/reportsTerms';
import type { OfficeStatus } from '@shared/schemas/offices';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { scopeParams, scopeWhere } from '../scope';

/** The locations a report covers: the actor's (all for admins and an empty list), or the one chosen. */
export interface ReportScope {
  all: boolean;
  locations: string[];
  /** One location, or null for every one in scope. */
  location: string | null;
}

export function reportScope(actor: Actor, location: string | null): ReportScope {
  const [all, locations] = scopeParams(actor);
  return { all, locations, location };
}

const params = (scope: ReportScope) => [scope.all, scope.locations, scope.location] as never[];
/** Offices (or their history, as `alias`) in scope ($1 all, $2 the actor's locations, $3 the chosen one). */
const IN_SCOPE = (alias: string) => `${scopeWhere('offices', alias)} AND ($3::uuid IS NULL OR ${alias}.location_id = $3)`;

interface AggregateRow {
  location_id: string;
  status: OfficeStatus;
  offices: number;
  desks: number;
  revenue: string;
  marketed: string;
}

const toAggregate = (row: AggregateRow): StatusAggregate => ({
  location_id: row.location_id,
  status: row.status,
  offices: row.offices,
  desks: row.desks,
  revenue: Number(row.revenue),
  marketed: Number(row.marketed),
});

/** The offices as they stand, counted per location and status (the office read model itself). */
export async function currentAggregates(db: Db, scope: ReportScope): Promise<StatusAggregate[]> {
  const rows = await db.unsafe<AggregateRow[]>(
    `SELECT o.location_id, o.status, count(*)::int AS offices, sum(o.desks)::int AS desks,
       sum(coalesce(o.signed_rate::numeric, (o.marketed_rates->>'monthly')::numeric, 0))::text AS revenue,
       sum(coalesce((o.marketed_rates->>'monthly')::numeric, 0))::text AS marketed
     FROM offices o WHERE ${IN_SCOPE('o')}
     GROUP BY o.location_id, o.status`,
    params(scope),
    PREPARED,
  );
  return rows.map(toAggregate);
}

/**
 * The same counts as each of `days` began on the reports' calendar, from office_history: one
 * index probe per day for the rows whose stretch holds that instant. Answers one list per day.
 */
export async function aggregatesAsDaysBegan(db: Db, scope: ReportScope, days: string[]): Promise<StatusAggregate[][]> {
  const rows = await db.unsafe<(AggregateRow & { i: number })[]>(
    `SELECT p.i::int AS i, h.location_id, h.status, count(*)::int AS offices, sum(h.desks)::int AS desks,
       sum(coalesce(h.signed_rate, h.marketed_rate))::text AS revenue, sum(h.marketed_rate)::text AS marketed
     FROM unnest($4::date[]) WITH ORDINALITY AS p(day, i)
     JOIN office_history h ON tstzrange(h.valid_from, h.valid_to) @> (p.day::timestamp AT TIME ZONE $5::text)
     WHERE ${IN_SCOPE('h')}
     GROUP BY p.i, h.location_id, h.status`,
    // Planned for these values every time: a cached generic plan cannot see that the days are
    // few and the scope may be everything, and falls back to reading the whole table.
    [...params(scope), days, REPORT_TIME_ZONE] as never[],
  );
  const byDay: StatusAggregate[][] = days.map(() => []);
  for (const row of rows) byDay[row.i - 1]!.push(toAggregate(row));
  return byDay;
}

/** The locations in scope, by name. */
export async function scopeLocations(db: Db, scope: ReportScope): Promise<{ id: string; name: string }[]> {
  return db.unsafe<{ id: string; name: string }[]>(
    `SELECT l.id, l.name FROM locations l
     WHERE ${scopeWhere('locations', 'l')} AND ($3::uuid IS NULL OR l.id = $3)
     ORDER BY l.name COLLATE "C"`,
    params(scope),
    PREPARED,
  );
}

interface LeaseRow extends Omit<LeaseInput, 'signed_rate' | 'marketed_rate'> {
  signed_rate: string;
  marketed_rate: string;
}

const toLease = (row: LeaseRow): LeaseInput => ({ ...row, signed_rate: Number(row.signed_rate), marketed_rate: Number(row.marketed_rate) });

/** Current leases: LEASED offices with a signed rate above 0, as the office read model has them. */
export async function currentLeases(db: Db, scope: ReportScope): Promise<LeaseInput[]> {
  const rows = await db.unsafe<LeaseRow[]>(
    `SELECT o.id AS office_id, o.office_number, o.location_id, l.name AS location, o.signed_rate::numeric::text AS signed_rate,
       coalesce((o.marketed_rates->>'monthly')::numeric, 0)::text AS marketed_rate, o.term_months, o.start_date::text AS start_date
     FROM offices o JOIN locations l ON l.id = o.location_id
     WHERE o.status = 'LEASED' AND o.signed_rate > 0 AND ${IN_SCOPE('o')}`,
    params(scope),
    PREPARED,
  );
  return rows.map(toLease);
}

/**
 * The leases in force as `day` ended (as the next day began, on the reports' calendar), from
 * office_history: the offices LEASED then at a signed rate above 0, with their terms of then.
 */
export async function leasesAsDayEnded(db: Db, scope: ReportScope, day: string): Promise<LeaseInput[]> {
  const rows = await db.unsafe<LeaseRow[]>(
    `SELECT h.office_id, o.office_number, h.location_id, l.name AS location, h.signed_rate::text AS signed_rate,
       h.marketed_rate::text AS marketed_rate, h.term_months, h.start_date::text AS start_date
     FROM office_history h JOIN offices o ON o.id = h.office_id JOIN locations l ON l.id = h.location_id
     WHERE tstzrange(h.valid_from, h.valid_to) @> ((($4::date + 1)::timestamp) AT TIME ZONE $5::text)
       AND h.status = 'LEASED' AND h.signed_rate > 0 AND ${IN_SCOPE('h')}`,
    [...params(scope), day, REPORT_TIME_ZONE] as never[],
  );
  return rows.map(toLease);
}

/**
 * Every lease that was ever in force (an office LEASED with it, at a signed rate above 0), once
 * per office and start date, with its terms as they last stood while it held; only those
 * starting within `range` when one is given, and as `until` ended when one is (a past day: what
 * the history held then, nothing after).
 */
export async function leasesInForce(db: Db, scope: ReportScope, range: { from: string; to: string } | null, until: string | null = null): Promise<LeaseInput[]> {
  const rows = await db.unsafe<LeaseRow[]>(
    `SELECT DISTINCT ON (h.office_id, h.start_date)
       h.office_id, o.office_number, h.location_id, l.name AS location, h.signed_rate::text AS signed_rate,
       h.marketed_rate::text AS marketed_rate, h.term_months, h.start_date::text AS start_date
     FROM office_history h JOIN offices o ON o.id = h.office_id JOIN locations l ON l.id = h.location_id
     WHERE h.status = 'LEASED' AND h.signed_rate > 0 AND ${IN_SCOPE('h')}
       AND ($4::date IS NULL OR h.start_date BETWEEN $4::date AND $5::date)
       AND ($6::date IS NULL OR h.valid_from < ((($6::date + 1)::timestamp) AT TIME ZONE $7::text))
     ORDER BY h.office_id, h.start_date, h.valid_from DESC`,
    [...params(scope), range?.from ?? null, range?.to ?? null, until, REPORT_TIME_ZONE] as never[],
  );
  return rows.map(toLease);
}
