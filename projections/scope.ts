import { seesAllLocations, type Actor } from '@shared/domain/access';
import { VISIBILITY, type LocatedEntity } from '@shared/visibility';

/**
 * The SQL side of the visibility declaration (shared/visibility.ts), for the rows at a location:
 * the condition keeping those of `entity` (as `alias`) the actor may see. It reads two
 * parameters, at $`first` (the actor sees every location) and the next one (its locations),
 * which `scopeParams` gives; the text depends on the entity alone, so prepared statements stay few.
 */
export function scopeWhere(entity: LocatedEntity, alias: string, first = 1): string {
  return `($${first}::boolean OR ${alias}.${VISIBILITY[entity].column} = ANY($${first + 1}::uuid[]))`;
}

/** The two parameters `scopeWhere` reads, for this actor. */
export function scopeParams(actor: Actor): [boolean, string[]] {
  const all = seesAllLocations(actor);
  return [all, all ? [] : actor.locations];
}
