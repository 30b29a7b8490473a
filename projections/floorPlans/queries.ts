import type { Actor } from '@shared/domain/access';
import { leaseEndDate } from '@shared/domain/lease';
import { REPORT_TIME_ZONE } from '@shared/domain/reportsPeriods';
import type { FloorBackgroundRow, FloorPlacement } from '@shared/schemas/floorPlans';
import type { OfficeStatus } from '@shared/schemas/offices';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';
import { scopeParams, scopeWhere } from '../scope';

interface PlacementRow {
  id: string;
  office_id: string;
  location_id: string;
  floor: number;
  x: number;
  y: number;
  width: number;
  height: number;
  office_number: string;
  status: OfficeStatus;
  member_name: string | null;
  lease_end: string | null;
  desks: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toPlacement = (r: PlacementRow): FloorPlacement => ({
  id: r.id,
  office_id: r.office_id,
  location_id: r.location_id,
  floor: r.floor,
  office_number: r.office_number,
  x: Number(r.x),
  y: Number(r.y),
  width: Number(r.width),
  height: Number(r.height),
  status: r.status,
  member_name: r.member_name,
  lease_end: r.lease_end,
  desks: r.desks,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/**
 * A box with its office. A box off its plan (location NULL) is loaded too, for the push: no one
 * may see it, so each socket is told it left; the reads below never answer one.
 */
const SELECT = `
  SELECT p.id, p.office_id, p.location_id, p.floor, p.x, p.y, p.width, p.height, p.version, p.created_at, p.updated_at,
         o.office_number, o.status, o.tenant AS member_name, o.end_date::text AS lease_end, o.desks
  FROM floor_placements p
  JOIN offices o ON o.id = p.office_id`;

/** Offices in the order a floor lists them: by number, shorter first ('9' before '10'). */
const BY_NUMBER = `length(o.office_number), o.office_number COLLATE "C"`;

const placements = rowReads(SELECT, 'p', toPlacement);
/** The boxes a batch of events changed, for the live push. */
export const placementsTouched = placements.touched;

/** The office's box, when it is on a plan. */
export async function placementOfOffice(db: Db, officeId: string): Promise<FloorPlacement | null> {
  const [row] = await placements.where(db, 'p.office_id = $1 AND p.location_id IS NOT NULL', [officeId]);
  return row ?? null;
}

/** The boxes on one floor's plan, as they stand, by office number. */
export function placementsOnFloor(db: Db, locationId: string, floor: number): Promise<FloorPlacement[]> {
  return placements.where(db, `p.location_id = $1 AND p.floor = $2 ORDER BY ${BY_NUMBER}`, [locationId, floor]);
}

/** The instant a day on the reports' calendar ended (as the next began), as SQL of parameter `n`. */
const dayEnded = (n: number) => `((($${n}::date + 1)::timestamp) AT TIME ZONE '${REPORT_TIME_ZONE}')`;

interface PastRow extends PlacementRow {
  start_date: string | null;
  term_months: number | null;
  assigned: boolean | null;
  tenant_then: string | null;
}

/**
 * The boxes of one floor with their offices as `day` ended: status and desks from office_history,
 * the lease's end from its start and term then, and the member company from the office's last
 * assignment before then (an index probe per office, never a replay). An office that did not
 * exist yet is left out.
 */
export async function placementsAsOf(db: Db, locationId: string, floor: number, day: string): Promise<FloorPlacement[]> {
  const rows = await db.unsafe<PastRow[]>(
    `SELECT p.id, p.office_id, p.location_id, p.floor, p.x, p.y, p.width, p.height, p.version, p.created_at, p.updated_at,
            o.office_number, h.status, h.desks, h.start_date::text AS start_date, h.term_months,
            a.assigned, a.tenant_then
     FROM floor_placements p
     JOIN offices o ON o.id = p.office_id
     JOIN office_history h ON h.office_id = p.office_id AND tstzrange(h.valid_from, h.valid_to) @> ${dayEnded(3)}
     LEFT JOIN LATERAL (
       SELECT e.type = 'OfficeCompanyAssigned' AS assigned, e.data->>'tenant' AS tenant_then
       FROM events e
       WHERE e.stream_id = 'office-' || p.office_id::text AND e.type IN ('OfficeCompanyAssigned', 'OfficeCompanyUnassigned')
         AND (e.metadata->>'at')::timestamptz < ${dayEnded(3)}
       ORDER BY e.version DESC LIMIT 1) a ON true
     WHERE p.location_id = $1 AND p.floor = $2
     ORDER BY ${BY_NUMBER}`,
    [locationId, floor, day],
    PREPARED,
  );
  return rows.map((r) =>
    toPlacement({
      ...r,
      member_name: r.status === 'LEASED' && r.assigned ? r.tenant_then : null,
      lease_end: r.status === 'LEASED' ? leaseEndDate(r.start_date, r.term_months) : null,
    }),
  );
}

export interface UnplacedRow {
  office_id: string;
  office_number: string;
  status: OfficeStatus;
}

/** The offices of a floor on no plan (as `day` ended, when given: those that existed then, with their status then). */
export function unplacedOnFloor(db: Db, locationId: string, floor: number, day?: string): Promise<UnplacedRow[]> {
  const status = day ? 'h.status' : 'o.status';
  const history = day ? `JOIN office_history h ON h.office_id = o.id AND tstzrange(h.valid_from, h.valid_to) @> ${dayEnded(3)}` : '';
  return db.unsafe<UnplacedRow[]>(
    `SELECT o.id AS office_id, o.office_number, ${status} AS status
     FROM offices o ${history}
     WHERE o.location_id = $1 AND o.floor = $2 AND NOT EXISTS (SELECT 1 FROM floor_placements p WHERE p.office_id = o.id AND p.location_id IS NOT NULL)
     ORDER BY ${BY_NUMBER}`,
    day ? [locationId, floor, day] : [locationId, floor],
    PREPARED,
  );
}

interface BackgroundRow {
  id: string;
  location_id: string;
  floor: number;
  content_type: string;
  size: number | string;
  sha256: string;
  width: number;
  height: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Where a floor's background is served; its version in the query, so a browser may keep it for good. */
export const backgroundUrl = (locationId: string, floor: number, version: number) =>
  `/api/floor-plans/${locationId}/${floor}/background?v=${version}`;

const toBackground = (r: BackgroundRow): FloorBackgroundRow & { sha256: string } => ({
  id: r.id,
  location_id: r.location_id,
  floor: r.floor,
  url: backgroundUrl(r.location_id, r.floor, r.version),
  width: r.width,
  height: r.height,
  content_type: r.content_type,
  size: Number(r.size),
  sha256: r.sha256,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const backgrounds = rowReads(`SELECT b.* FROM floor_backgrounds b`, 'b', toBackground);

/** The background rows a batch of events changed, for the live push (without the file's hash). */
export async function backgroundsTouched(db: Db, touched: Parameters<typeof backgrounds.touched>[1]): Promise<FloorBackgroundRow[]> {
  return (await backgrounds.touched(db, touched)).map(({ sha256: _hash, ...row }) => row);
}

/** A floor's background with the hash of its file, or null. */
export async function backgroundOfFloor(db: Db, locationId: string, floor: number) {
  const [row] = await backgrounds.where(db, 'b.location_id = $1 AND b.floor = $2', [locationId, floor]);
  return row ?? null;
}

export interface FloorCount {
  floor: number;
  offices: number;
  placed: number;
  has_background: boolean;
}

/** The floors of a location, lowest first: those it lists and those its offices are on, with what each plan holds. */
export function floorsOf(db: Db, locationId: string): Promise<FloorCount[]> {
  return db.unsafe<FloorCount[]>(
    `WITH floors AS (
       SELECT unnest(floors) AS floor FROM locations WHERE id = $1
       UNION SELECT floor FROM offices WHERE location_id = $1
       UNION SELECT floor FROM floor_placements WHERE location_id = $1
       UNION SELECT floor FROM floor_backgrounds WHERE location_id = $1)
     SELECT f.floor,
            (SELECT count(*)::int FROM offices o WHERE o.location_id = $1 AND o.floor = f.floor) AS offices,
            (SELECT count(*)::int FROM floor_placements p WHERE p.location_id = $1 AND p.floor = f.floor) AS placed,
            EXISTS (SELECT 1 FROM floor_backgrounds b WHERE b.location_id = $1 AND b.floor = f.floor) AS has_background
     FROM floors f ORDER BY f.floor`,
    [locationId],
    PREPARED,
  );
}

/** Every box the actor may see (at one location, on one floor, when given): the live collection's first load. */
export function listPlacements(db: Db, actor: Actor, locationId: string | null, floor: number | null): Promise<FloorPlacement[]> {
  return placements.where(
    db,
    `p.location_id IS NOT NULL AND ${scopeWhere('floor_placements', 'p')} AND ($3::uuid IS NULL OR p.location_id = $3) AND ($4::integer IS NULL OR p.floor = $4)
     ORDER BY p.location_id, p.floor, ${BY_NUMBER}`,
    [...scopeParams(actor), locationId, floor] as never[],
  );
}

/** Every background the actor may see (at one location, when given). */
export async function listBackgrounds(db: Db, actor: Actor, locationId: string | null): Promise<FloorBackgroundRow[]> {
  const rows = await backgrounds.where(
    db,
    `${scopeWhere('floor_backgrounds', 'b')} AND ($3::uuid IS NULL OR b.location_id = $3) ORDER BY b.location_id, b.floor`,
    [...scopeParams(actor), locationId] as never[],
  );
  return rows.map(({ sha256: _hash, ...row }) => row);
}
