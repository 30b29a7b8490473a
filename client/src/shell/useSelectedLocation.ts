import { useCallback } from 'react';
import { ALL_LOCATIONS } from '@shared/constants';
import type { Location } from '@shared/schemas/locations';
import { useUser } from '../auth/session';
import { rowsOf } from '../live/collection';
import { useAtom, useAtomValue } from '../state/jotai';
import { useQueryStatus } from '../live/useLiveQuery';
import { effectiveLocation, LOCATIONS_QUERY, locationsAtom, storedLocationAtom } from './locationAtoms';

export interface SelectedLocation {
  /** A location id, or 'All Locations'. */
  value: string;
  /** The chosen location, or null for All Locations. */
  location: Location | null;
  /** The name screens filter by ('All Locations' included, which filters drop). */
  name: string;
  select(value: string): void;
}

/** The selected location, for any screen inside the shell. */
export function useSelectedLocation(): SelectedLocation {
  const user = useUser();
  const collection = useAtomValue(locationsAtom);
  const [stored, setStored] = useAtom(storedLocationAtom);
  const locations = rowsOf(collection);
  const loaded = useQueryStatus('locations', LOCATIONS_QUERY) === 'ready';
  const value = effectiveLocation(stored, user, locations, loaded);
  const location = value === ALL_LOCATIONS ? null : (collection.byId[value] ?? null);
  const select = useCallback((next: string) => setStored({ userId: user.id, value: next }), [setStored, user.id]);
  return { value, location, name: location?.name ?? ALL_LOCATIONS, select };
}
