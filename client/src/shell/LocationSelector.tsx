import { MapPin } from 'lucide-react';
import { ALL_LOCATIONS } from '@shared/constants';
import { RefreshCw } from 'lucide-react';
import { reasonOf } from '../lib/errorText';
import { endpoints } from '../api/endpoints';
import { rowsOf } from '../live/collection';
import { useLiveQuery } from '../live/useLiveQuery';
import { useRetryWhenLive } from '../live/useRetryWhenLive';
import { useAtomValue } from '../state/jotai';
import { LOCATIONS_QUERY, locationsAtom } from './locationAtoms';
import { useSelectedLocation } from './useSelectedLocation';
import { RowOptions } from '../components/ui/Options';

/** 'All Locations' first, then the locations the user may see, by name; the choice is remembered. */
export function LocationSelector() {
  const query = useLiveQuery('locations', LOCATIONS_QUERY, endpoints.locations);
  useRetryWhenLive(query.retry, query.status === 'error');
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
        <RowOptions rows={locations} />
      </select>
      {query.status === 'error' && (
        <div role="alert" className="rounded-lg bg-red-950/60 px-2.5 py-2 text-xs text-red-100">
          <p className="font-semibold">Failed to load locations</p>
          <p className="mt-0.5 text-red-200">{reasonOf(query.error)}</p>
          <button type="button" onClick={query.retry} className="mt-1.5 inline-flex items-center gap-1 font-medium text-white underline-offset-2 hover:underline">
            <RefreshCw className="h-3 w-3" aria-hidden /> Retry
          </button>
        </div>
      )}
    </div>
  );
}
