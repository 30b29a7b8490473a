import { ALL_LOCATIONS } from '@shared/constants';
import type { User } from '@shared/schemas/auth';
import type { Location } from '@shared/schemas/locations';

export { ROLE_LABELS } from '../../auth/roleLabels';

/** The user's primary location by name. */
export function primaryLocationName(user: User, names: ReadonlyMap<string, string>): string {
  if (user.primary_location === ALL_LOCATIONS) return ALL_LOCATIONS;
  return names.get(user.primary_location) ?? 'Unknown location';
}

/**
 * How many locations the user may work in: every one for administrators and for an empty list
 * (spec part 1, section 6), else its list.
 */
export function accessibleLocations(user: User, locations: readonly Location[]): { all: boolean; count: number; names: string[] } {
  if (user.role === 'admin' || user.locations.length === 0) return { all: true, count: locations.length, names: locations.map((l) => l.name) };
  const byId = new Map(locations.map((l) => [l.id, l.name]));
  const names = user.locations.map((id) => byId.get(id)).filter((name): name is string => !!name);
  return { all: false, count: user.locations.length, names };
}

/** '2 locations', 'All locations (8)'. */
export function accessibleLocationsText(access: { all: boolean; count: number }): string {
  if (access.all) return `All locations (${access.count})`;
  return `${access.count} location${access.count === 1 ? '' : 's'}`;
}
