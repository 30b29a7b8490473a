import { ALL_LOCATIONS } from '@shared/constants';
import type { Location } from '@shared/schemas/locations';
import type { LiveCollection } from '../../../live/collection';

/** The board a follower shows for the presenter's location. */
export interface FollowedLocation {
  /** The key the board reloads by. */
  value: string;
  /** The location to filter by; null for all of the follower's own. */
  id: string | null;
  /** The name the deals are asked for by ('All Locations': every one the follower may see). */
  name: string;
  /** False when the location is not one the follower may see: its board then shows none of its deals. */
  seen: boolean;
}

/**
 * The presenter's location as a follower's board shows it. Pure. One the follower does not see
 * asks for the follower's own deals and keeps those of that location, i.e. none: the filters
 * travel, never the deals.
 */
export function followedLocation(location: string, locations: LiveCollection<Location>): FollowedLocation {
  if (location === ALL_LOCATIONS) return { value: ALL_LOCATIONS, id: null, name: ALL_LOCATIONS, seen: true };
  const found = locations.byId[location];
  if (found) return { value: found.id, id: found.id, name: found.name, seen: true };
  return { value: location, id: location, name: ALL_LOCATIONS, seen: false };
}
