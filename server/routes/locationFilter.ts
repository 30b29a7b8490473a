import type { Context } from 'koa';
import type { Actor } from '@shared/domain/access';
import { canSee } from '@shared/visibility';
import type { Db } from '../../events/store/types';
import { locationFilter } from '../../projections/offices/queries';
import { actorOf, assertLocationAccess } from '../policies';

export interface NamedLocation {
  id: string;
  name: string;
}

/** What a `location` filter names: every location the actor may see (null), one location, or none that exists. */
export type FilterTarget = NamedLocation | null | 'unknown';

/**
 * The one check of a `location` filter, for lists, figures, dashboards and reports alike (API.md):
 * the location it names by name or id, null for empty or 'All Locations'. One the actor may not
 * see is refused with 403: an empty answer would read as an empty building. One that does not
 * exist is 'unknown', for the caller to answer as it should (a list: no rows).
 */
export async function filterTarget(db: Db, actor: Actor, location: string | undefined): Promise<FilterTarget> {
  const wanted = locationFilter(location);
  if (!wanted) return null;
  const found = await db<NamedLocation[]>`
    SELECT id, name FROM locations WHERE id::text = lower(${wanted}) OR lower(name) = lower(${wanted})`;
  if (found.length === 0) return 'unknown';
  // Names are unique regardless of case; only a name spelled like another location's id could match twice.
  const target = found.find((l) => canSee(actor, 'locations', l)) ?? found[0]!;
  assertLocationAccess(actor, target.id);
  return target;
}

/** For a list whose query filters by the same name or id itself: refuses a location out of the actor's sight. */
export async function assertMayFilterBy(db: Db, actor: Actor, location: string | undefined): Promise<void> {
  await filterTarget(db, actor, location);
}

/** A list's answer for the actor, once the `location` its query names is one they may see. */
export function filteredBy<Q extends { location?: string }>(db: Db, list: (actor: Actor, query: Q) => Promise<unknown>) {
  return async (ctx: Context, query: Q) => {
    await assertMayFilterBy(db, actorOf(ctx), query.location);
    return list(actorOf(ctx), query);
  };
}
