import { MapPin } from 'lucide-react';
import { ALL_LOCATIONS } from '@shared/constants';
import { ErrorBanner } from '../components/ui/Banner';
import { endpoints } from '../api/endpoints';
import { rowsOf } from '../live/collection';
import { useLiveQuery } from '../live/useLiveQuery';
import { useAtomValue } from '../state/jotai';
import { LOCATIONS_QUERY, locationsAtom } from './locationAtoms';
import { useSelectedLocation } from './useSelectedLocation';

/** 'All Locations' first, then the locations the user may see, by name; the choice is remembered. */
export function LocationSelector() {
  const query = useLiveQuery('locations', LOCATIONS_QUERY, endpoints.locations);
  const collection = useAtomValue(locationsAtom);
  const { value, select } = useSelectedLocation();
  const locations = rowsOf(collection).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="space-y-1.5">
      <label htmlFor="location-selector" className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-400">
        <MapPin className="h-3.5 w-3.5" aria-hidden /> Location
      </label>
      <select
        id="location-selector"
        value={value}
        onChange={(e) => select(e.target.value)}
        className="h-9 w-full rounded-lg border border-slate-700 bg-slate-800 px-2 text-sm text-white focus:border-brand-500 focus:outline-none"
      >
        <option value={ALL_LOCATIONS}>{ALL_LOCATIONS}</option>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
      {query.status === 'error' && <ErrorBanner message="Failed to load locations" />}
    </div>
  );
}
