import { ALL_LOCATIONS } from '@shared/constants';
import type { Location } from '@shared/schemas/locations';
import { liveCollection } from '../live/registry';
import { atomWithStorage } from '../state/jotai';

/** Every location the user may see, kept live. */
export const locationsAtom = liveCollection('locations');

/** The key of the one query that loads them (the location selector runs it). */
export const LOCATIONS_QUERY = 'all';

/**
 * The location selector's choice: a location id or 'All Locations', remembered per user in
 * local storage so it survives a reload.
 */
export const storedLocationAtom = atomWithStorage<{ userId: string; value: string } | null>(
  'selectedLocation',
  null,
  undefined,
  { getOnInit: true },
);

/** The effective choice: the stored one if still valid, else the user's primary location. */
export function effectiveLocation(
  stored: { userId: string; value: string } | null,
  user: { id: string; primary_location: string },
  locations: Location[],
  loaded: boolean,
): string {
  const valid = (value: string) => value === ALL_LOCATIONS || !loaded || locations.some((l) => l.id === value);
  if (stored && stored.userId === user.id && valid(stored.value)) return stored.value;
  if (valid(user.primary_location)) return user.primary_location;
  return ALL_LOCATIONS;
}
