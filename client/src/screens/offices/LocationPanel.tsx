import { useId, useRef, type ReactNode } from 'react';
import { Building, ChevronDown, Layers, MapPin, User as UserIcon } from 'lucide-react';
import type { Location } from '@shared/schemas/locations';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';
import { useScrolls } from '../../lib/useScrolls';
import { perUserChoiceAtom, usePerUserChoice } from '../../lib/usePerUserChoice';

/** Open or folded, remembered per user: folded, the office grid starts higher on the screen. */
export const LOCATION_PANEL_STORAGE_KEY = 'officeManagement.locationPanel';
const panelAtom = perUserChoiceAtom(LOCATION_PANEL_STORAGE_KEY);
const isOpenChoice = (value: unknown): value is boolean => typeof value === 'boolean';

const sortedFloors = (location: Location) => [...(location.floors ?? [])].sort((a, b) => a - b);

/** The selected location's details, or every location's under All Locations; its heading folds it. */
export function LocationPanel({ selected, locations }: { selected: Location | null; locations: Location[] }) {
  const [open, setOpen] = usePerUserChoice(panelAtom, isOpenChoice, true);
  const panel = useId();
  if (!selected && locations.length === 0) return null;
  const title = selected ? selected.name : `${locations.length} locations`;
  return (
    <Card className="overflow-hidden" data-testid={selected ? undefined : 'locations-overview'}>
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none focus-visible:ring-inset"
        >
          <Building className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
          <span className="flex-1">{title}</span>
          <span className="text-xs font-normal text-slate-500">{open ? 'Hide' : 'Show'}</span>
          <ChevronDown className={cn('h-4 w-4 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      <div id={panel} className="border-t border-slate-100" hidden={!open}>
        {open && (selected ? <LocationDetails location={selected} /> : <LocationsOverview locations={locations} />)}
      </div>
    </Card>
  );
}

function Detail({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-1.5">
      <dt className="sr-only">{label}</dt>
      {icon}
      <dd>{children}</dd>
    </div>
  );
}

const ICON = 'mt-0.5 h-4 w-4 shrink-0 text-slate-400';

function LocationDetails({ location }: { location: Location }) {
  const floors = sortedFloors(location);
  return (
    <dl className="grid gap-x-6 gap-y-1 px-4 py-3 text-sm text-slate-600 sm:grid-cols-3" data-testid="location-card">
      <Detail label="Address" icon={<MapPin className={ICON} aria-hidden />}>
        {location.address || '—'}
      </Detail>
      <Detail label="Manager" icon={<UserIcon className={ICON} aria-hidden />}>
        {location.manager || '—'}
      </Detail>
      <Detail label="Floors" icon={<Layers className={ICON} aria-hidden />}>
        {floors.length ? `Floors ${floors.join(', ')}` : 'No floors listed'}
      </Detail>
    </dl>
  );
}

/** Under All Locations: every location's address, manager and floors, compactly. */
function LocationsOverview({ locations }: { locations: Location[] }) {
  // On a phone the cards are a strip that scrolls sideways, and then takes the keyboard focus.
  const strip = useRef<HTMLUListElement>(null);
  const scrolls = useScrolls(strip);
  return (
    <ul
      ref={strip}
      className="flex snap-x overflow-x-auto sm:grid sm:grid-cols-2 sm:overflow-visible xl:grid-cols-4"
      {...(scrolls ? { tabIndex: 0, 'aria-label': 'Locations' } : {})}
    >
      {locations.map((l) => {
        const floors = sortedFloors(l);
        return (
          <li key={l.id} className="w-64 shrink-0 snap-start border-r border-slate-100 px-4 py-3 text-sm sm:w-auto sm:border-r-0 sm:border-b" data-testid="location-card">
            <p className="font-medium text-slate-900">{l.name}</p>
            <p className="truncate text-xs text-slate-600" title={l.address}>
              {l.address || '—'}
            </p>
            <p className="truncate text-xs text-slate-500">
              {l.manager || '—'} · {floors.length ? `Floors ${floors.join(', ')}` : 'No floors listed'}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
