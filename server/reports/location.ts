import type { Actor } from '@shared/domain/access';
import type { Db } from '../../events/store/types';
import { HttpError } from '../httpError';
import { filterTarget, type NamedLocation } from '../routes/locationFilter';

/**
 * The location a report is for, by name or id: null for All Locations (every one the actor may
 * see). One outside the actor's list is a 403 (the check every list shares); one that does not
 * exist a 400 naming the parameter, since a report has no empty answer to give.
 */
export async function reportLocation(db: Db, actor: Actor, location: string | undefined): Promise<NamedLocation | null> {
  const target = await filterTarget(db, actor, location);
  if (target === 'unknown') throw new HttpError(400, 'Location not found', [{ field: 'location', message: 'Location not found' }]);
  return target;
}
