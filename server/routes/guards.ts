import { getLocation } from '../../projections/locations/queries';
import type { Actor } from '@shared/domain/access';
import { isAdmin } from '@shared/domain/access';
import type { Db } from '../../events/store/types';
import { forbidden, HttpError } from '../httpError';
import { assertLocationAccess } from '../policies';

/** A record's new location: admins only, and it must exist (400 otherwise). */
export async function assertMayMove(db: Db, actor: Actor, from: string, to: string | undefined, what: string) {
  if (to === undefined || to === from) return;
  if (!isAdmin(actor)) throw forbidden(`Only administrators can move ${what} to another location`);
  await assertLocationExists(db, to);
}

export async function assertLocationExists(db: Db, locationId: string) {
  if (!(await getLocation(db, locationId))) throw new HttpError(400, 'Location not found', [{ field: 'location_id', message: 'Location not found' }]);
}

/** The record exists (404 otherwise) and the actor may see its location (403 otherwise). */
export function visible<T extends { location_id: string }>(actor: Actor, row: T | null, notFound: string): T {
  if (!row) throw new HttpError(404, notFound);
  assertLocationAccess(actor, row.location_id);
  return row;
}
