import { useCallback, useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { may } from '@shared/policy';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { LOCATIONS_QUERY, locationsAtom } from '../../shell/locationAtoms';
import { useAtomValue } from '../../state/jotai';
import { AddLocationDialog, EditLocationDialog } from './LocationDialogs';
import { LocationCard } from './LocationCard';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; location: Location };

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
  const onEdit = useCallback((location: Location) => setDialog({ kind: 'edit', location }), []);
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
              <LocationCard location={location} canEdit={canEdit} touch={collection.touched[location.id]} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'add' && canCreate && <AddLocationDialog onClose={close} />}
      {editing && canEdit && <EditLocationDialog location={editing} onClose={close} />}
    </section>
  );
}
