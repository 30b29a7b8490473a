import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Building2, Layers, MapPin, Pencil, Plus, UserRound } from 'lucide-react';
import { may } from '@shared/policy';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { LOCATIONS_QUERY, locationsAtom } from '../../shell/locationAtoms';
import { useAtomValue } from '../../state/jotai';
import { AddLocationDialog, EditLocationDialog } from './LocationDialogs';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; location: Location };

const floorsText = (floors: number[]) => (floors.length === 0 ? 'No floors listed' : `Floor${floors.length === 1 ? '' : 's'} ${floors.join(', ')}`);

/** One line of a location's card: an icon, and the label for screen readers. */
function Detail({ label, icon: Icon, children }: { label: string; icon: ComponentType<{ className?: string }>; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-start gap-2">
        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        {children}
      </dd>
    </div>
  );
}

/** Locations the user may see, live: name, address, manager and floors; administrators edit them. */
export function LocationsTab() {
  const user = useUser();
  const canEdit = may(user, 'location.update');
  const canCreate = may(user, 'location.create');
  const query = useLiveQuery('locations', LOCATIONS_QUERY, endpoints.locations);
  const collection = useAtomValue(locationsAtom);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const locations = useMemo(() => rowsOf(collection).sort((a, b) => a.name.localeCompare(b.name)), [collection]);
  const loading = query.status === 'loading' && locations.length === 0;
  const close = () => setDialog(null);
  const editing = dialog?.kind === 'edit' ? (collection.byId[dialog.location.id] ?? dialog.location) : null;

  return (
    <section aria-labelledby="locations-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="locations-heading" className="text-lg font-semibold text-slate-900">
            Locations
          </h2>
          <p className="text-sm text-slate-600">{canEdit ? 'Names, addresses, managers and floors of every location.' : 'The locations you work in.'}</p>
        </div>
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden /> Add Location
          </Button>
        )}
      </div>

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load locations" error={query.error} onRetry={query.retry} />
      ) : loading ? (
        <LoadingNote text="Loading locations..." label="Loading locations" />
      ) : locations.length === 0 ? (
        <Card className="px-6 py-12 text-center text-slate-600">No locations yet.</Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Locations">
          {locations.map((location) => (
            <li key={location.id}>
              <Card className="relative h-full p-5" data-testid="location-card" data-location-id={location.id}>
                <LiveAccent touch={collection.touched[location.id]} />
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                      <Building2 className="h-4 w-4 shrink-0 text-brand-600" aria-hidden /> {location.name}
                    </h3>
                    <p className="mt-0.5 text-xs text-slate-500">{location.city}</p>
                  </div>
                  {canEdit && (
                    <Button variant="ghost" size="icon" aria-label={`Edit ${location.name}`} title="Edit" onClick={() => setDialog({ kind: 'edit', location })}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </div>
                <dl className="mt-3 space-y-1.5 text-sm text-slate-700">
                  <Detail label="Address" icon={MapPin}>
                    {location.address}
                  </Detail>
                  <Detail label="Manager" icon={UserRound}>
                    {location.manager}
                  </Detail>
                  <Detail label="Floors" icon={Layers}>
                    {floorsText(location.floors)}
                  </Detail>
                </dl>
                <UpdatedBy touch={collection.touched[location.id]} className="mt-2" />
              </Card>
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'add' && canCreate && <AddLocationDialog onClose={close} />}
      {editing && canEdit && <EditLocationDialog location={editing} onClose={close} />}
    </section>
  );
}
