import { getLocation } from '../../projections/locations/queries';
import type { Actor } from '@shared/domain/access';
import type { LiveEntity } from '@shared/realtime';
import type { SeenBy } from '@shared/visibility';
import type { Db } from '../../events/store/types';
import { HttpError } from '../httpError';
import { assertMaySee } from '../policies';

export async function assertLocationExists(db: Db, locationId: string) {
  if (!(await getLocation(db, locationId))) throw new HttpError(400, 'Location not found', [{ field: 'location_id', message: 'Location not found' }]);
}

/** The record exists (404 with `notFound` otherwise). */
export function found<T>(row: T | null, notFound: string): T {
  if (!row) throw new HttpError(404, notFound);
  return row;
}

/** The record exists (404 otherwise) and the actor may see it, as its entity's visibility declares (403 otherwise). */
export function visible<E extends LiveEntity, T extends SeenBy<E>>(actor: Actor, entity: E, row: T | null, notFound: string): T {
  const existing = found(row, notFound);
  assertMaySee(actor, entity, existing);
  return existing;
}
