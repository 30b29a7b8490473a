import type { Actor } from '@shared/domain/access';
import { FLOOR_PLAN_MESSAGES } from '@shared/schemas/floorPlans';
import type { Db } from '../../events/store/types';
import { getLocation } from '../../projections/locations/queries';
import { HttpError } from '../httpError';
import { assertLocationAccess } from '../policies';
import { filterTarget, type NamedLocation } from '../routes/locationFilter';

/**
 * The location a plan's query names (its id or name), once the actor may see it: 403 for one out
 * of sight, 404 for none, 400 for 'All Locations' (a plan is one building's).
 */
export async function planLocation(db: Db, actor: Actor, location: string): Promise<NamedLocation> {
  const target = await filterTarget(db, actor, location);
  if (target === 'unknown') throw new HttpError(404, FLOOR_PLAN_MESSAGES.locationNotFound);
  if (target === null) throw new HttpError(400, 'Choose one location: a floor plan is of one building', [{ field: 'location', message: 'Choose one location' }]);
  return target;
}

/**
 * The location in a plan's path, checked before anything of the request is read: one out of the
 * actor's sight is a 403 (its plans are not theirs to see, let alone change), none a 404.
 */
export async function pathLocation(db: Db, actor: Actor, locationId: string): Promise<NamedLocation> {
  assertLocationAccess(actor, locationId);
  const location = await getLocation(db, locationId);
  if (!location) throw new HttpError(404, FLOOR_PLAN_MESSAGES.locationNotFound);
  return { id: location.id, name: location.name };
}
