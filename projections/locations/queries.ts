import type { Actor } from '@shared/domain/access';
import type { Location } from '@shared/schemas/locations';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';
import { scopeParams, scopeWhere } from '../scope';

interface LocationRow extends Omit<Location, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

const toLocation = (row: LocationRow): Location => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const COLUMNS = 'id, name, city, address, manager, floors, time_zone, opens_at, closes_at, version, created_at, updated_at';

/** The locations an actor may see, by name. */
export async function listLocations(db: Db, actor: Actor): Promise<Location[]> {
  const rows = await db.unsafe<LocationRow[]>(
    `SELECT ${COLUMNS} FROM locations l WHERE ${scopeWhere('locations', 'l')} ORDER BY lower(name)`,
    scopeParams(actor),
    PREPARED,
  );
  return rows.map(toLocation);
}

/** One location by id, and the rows a batch of events changed (see Touched), for the live push. */
const reads = rowReads(`SELECT ${COLUMNS} FROM locations l`, 'l', toLocation);
export const getLocation = reads.byId;
export const locationsTouched = reads.touched;

export async function findLocationByName(db: Db, name: string): Promise<Location | null> {
  const [row] = await db.unsafe<LocationRow[]>(`SELECT ${COLUMNS} FROM locations WHERE lower(name) = lower($1)`, [name], PREPARED);
  return row ? toLocation(row) : null;
}

/** Which of `ids` are no location's. */
export async function unknownLocationIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.unsafe<{ id: string }[]>('SELECT id FROM locations WHERE id = ANY($1::uuid[])', [ids], PREPARED);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}
