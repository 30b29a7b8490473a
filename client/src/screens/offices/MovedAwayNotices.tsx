import { X } from 'lucide-react';
import { departuresAtom, departuresOf, dropDeparture } from '../../live/departures';
import { useAtom } from '../../state/jotai';
import { movedAwayText } from './movedAway';

/**
 * Offices that left the user's locations while the grid was open: one line each saying where the
 * office went, instead of a silent disappearance; dismissed one by one.
 */
export function MovedAwayNotices({ locationId }: { locationId: string | null }) {
  const [departures, setDepartures] = useAtom(departuresAtom);
  // Under one location: only the offices that stood there.
  const gone = departuresOf(departures, 'offices').filter((d) => !locationId || d.row.location_id === locationId);
  if (gone.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Offices moved away">
      {gone.map((d) => (
        <li key={d.id} role="status" className="flex items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="moved-away">
          <span>{movedAwayText(d.row, d.movedTo)}</span>
          <button
            type="button"
            onClick={() => setDepartures((all) => dropDeparture(all, 'offices', d.id))}
            aria-label={`Dismiss: Office ${d.row.office_number} moved to ${d.movedTo}`}
            className="rounded p-1 text-amber-800 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
