import type { Actor } from '@shared/domain/access';
import { canSee, READER_PART, VISIBILITY, type LocatedEntity } from '@shared/visibility';
import { ALL_LOCATIONS } from '@shared/constants';
import type { MarketedRates, Office, OfficeContact, OfficeStatus } from '@shared/schemas/offices';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';
import { scopeParams, scopeWhere } from '../scope';

interface OfficeRow {
  id: string;
  office_number: string;
  location_id: string;
  location_name: string | null;
  type: string;
  desks: number;
  floor: number;
  windowed: boolean;
  status: OfficeStatus;
  member_id: string | null;
  tenant: string | null;
  marketed_rates: MarketedRates;
  signed_rate: number | null;
  term_months: number | null;
  term_days: number | null;
  start_date: string | null;
  end_date: string | null;
  contacts: OfficeContact[];
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toOffice = (r: OfficeRow): Office => ({
  id: r.id,
  office_number: r.office_number,
  location_id: r.location_id,
  location_name: r.location_name ?? '',
  type: r.type,
  desks: r.desks,
  floor: r.floor,
  windowed: r.windowed,
  status: r.status,
  tenant: r.tenant,
  member_id: r.member_id,
  signed_rate: r.signed_rate,
  marketed_rates: r.marketed_rates,
  market_rates: r.marketed_rates,
  lease_info: { term_months: r.term_months, term_days: r.term_days, start_date: r.start_date, end_date: r.end_date, signed_rate: r.signed_rate },
  contacts: r.contacts,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** The location's name is joined at read time, so a location rename never leaves stale copies. */
const SELECT = `
  SELECT o.id, o.office_number, o.location_id, l.name AS location_name, o.type, o.desks, o.floor, o.windowed,
         o.status, o.member_id, o.tenant, o.marketed_rates, o.signed_rate, o.term_months, o.term_days,
         o.start_date::text AS start_date, o.end_date::text AS end_date, o.contacts, o.version, o.created_at, o.updated_at
  FROM offices o LEFT JOIN locations l ON l.id = o.location_id`;

/**
 * A location filter as the client sends it: a location's name or id; absent, empty or
 * 'All Locations' means every location the actor may see.
 */
export function locationFilter(location: string | undefined): string | null {
  const value = location?.trim();
  return !value || value === ALL_LOCATIONS ? null : value;
}

/** Rows of `alias` at the locations the actor may see, matching the optional filter (name or id). */
export const ACCESS_AND_FILTER = (entity: LocatedEntity, alias: string) => `
  ${scopeWhere(entity, alias)}
  AND ($3::text IS NULL OR ${alias}.location_id::text = lower($3) OR lower(l.name) = lower($3))`;

/** The reads of offices: the list, one by id, and the rows a batch of events changed (see Touched) for the live push. */
const reads = rowReads(SELECT, 'o', toOffice);

/**
 * The offices an actor may see, optionally at one location; one query. Byte order ("C") sorts
 * thousands of rows several times faster than the locale's; clients sort for display anyway.
 */
export async function listOffices(db: Db, actor: Actor, location?: string): Promise<Office[]> {
  return reads.where(
    db,
    `${ACCESS_AND_FILTER('offices', 'o')} ORDER BY l.name COLLATE "C", o.floor, length(o.office_number), o.office_number COLLATE "C"`,
    [...scopeParams(actor), locationFilter(location)],
  );
}

export const getOffice = reads.byId;
export const officesTouched = reads.touched;

/** The list's order in JavaScript, as ORDER BY in listOffices gives it (byte order, "C"). */
export function compareOffices(a: Office, b: Office): number {
  const byte = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    byte(a.location_name, b.location_name) ||
    a.floor - b.floor ||
    a.office_number.length - b.office_number.length ||
    byte(a.office_number, b.office_number)
  );
}

/** listOffices' WHERE clause in JavaScript: the actor's locations and the optional filter. */
export function officeFilter(actor: Actor, location?: string): { key: string; keep: (office: Office) => boolean } {
  const filter = locationFilter(location)?.toLowerCase() ?? null;
  return {
    key: `${READER_PART[VISIBILITY.offices.by](actor)}|${filter ?? ''}`,
    keep: (office) =>
      canSee(actor, 'offices', office) &&
      (filter === null || office.location_id === filter || office.location_name.toLowerCase() === filter),
  };
}

/** Every office, for the in-memory list. */
export async function allOffices(db: Db): Promise<Office[]> {
  const rows = await db.unsafe<OfficeRow[]>(SELECT, [], PREPARED);
  return rows.map(toOffice);
}
