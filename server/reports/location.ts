import type { Actor } from '@shared/domain/access';
import type { Db } from '../../events/store/types';
import { locationFilter } from '../../projections/offices/queries';
import { HttpError } from '../httpError';
import { assertLocationAccess } from '../policies';

/**
 * The location a report is for, by name or id: null for All Locations (every one the actor may
 * see). A location that does not exist is a 400 naming the parameter; one outside the actor's
 * list a 403: a report of zeros would read as an empty building.
 */
export async function reportLocation(db: Db, actor: Actor, location: string | undefined): Promise<{ id: string; name: string } | null> {
  const wanted = locationFilter(location);
  if (!wanted) return null;
  const [found] = await db<{ id: string; name: string }[]>`
    SELECT id, name FROM locations WHERE id::text = lower(${wanted}) OR lower(name) = lower(${wanted}) LIMIT 1`;
  if (!found) throw new HttpError(400, 'Location not found', [{ field: 'location', message: 'Location not found' }]);
  assertLocationAccess(actor, found.id);
  return found;
}
