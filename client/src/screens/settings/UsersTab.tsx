import { useCallback, useMemo, useState } from 'react';
import { Plus, Users } from 'lucide-react';
import type { User } from '@shared/schemas/auth';
import { endpoints } from '../../api/endpoints';
import { usersAtom } from '../../auth/accounts';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { LOCATIONS_QUERY, locationsAtom } from '../../shell/locationAtoms';
import { useAtomValue } from '../../state/jotai';
import { AddUserDialog, DeleteUserDialog, EditUserDialog } from './UserDialogs';
import { UserRow, type UserDialogKind } from './UserRow';

type OpenDialog = { kind: 'add' } | { kind: UserDialogKind; user: User };

/** User Management (administrators): every account, live; Add, Edit, and Delete except for administrators. */
export function UsersTab() {
  const me = useUser();
  const query = useLiveQuery('users', 'all', () => endpoints.users());
  const locationsQuery = useLiveQuery('locations', LOCATIONS_QUERY, endpoints.locations);
  const collection = useAtomValue(usersAtom);
  const locationRows = useAtomValue(locationsAtom);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const users = useMemo(() => rowsOf(collection).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)), [collection]);
  const locations = useMemo(() => rowsOf(locationRows).sort((a, b) => a.name.localeCompare(b.name)), [locationRows]);
  const names = useMemo(() => new Map(locations.map((l) => [l.id, l.name])), [locations]);
  const loading = query.status === 'loading' && users.length === 0;
  const close = () => setDialog(null);
  const onOpen = useCallback((kind: UserDialogKind, user: User) => setDialog({ kind, user }), []);
  // A dialog follows its user live; once the user is gone it keeps the copy it opened with.
  const dialogUser = dialog && dialog.kind !== 'add' ? (collection.byId[dialog.user.id] ?? dialog.user) : null;

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
            User Management
          </h2>
          <p className="text-sm text-slate-600">Who can sign in, with which role, in which locations.</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })} disabled={locationsQuery.status !== 'ready'}>
          <Plus className="h-4 w-4" aria-hidden /> Add User
        </Button>
      </div>

      {locationsQuery.status === 'error' && <LoadFailed compact title="Failed to load locations" error={locationsQuery.error} onRetry={locationsQuery.retry} />}

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load settings data" error={query.error} onRetry={query.retry} />
      ) : loading ? (
        <LoadingNote text="Loading users..." label="Loading users" />
      ) : users.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center text-slate-600">
          <Users className="h-8 w-8 text-slate-400" aria-hidden />
          <p className="mt-2 font-medium text-slate-900">No users yet</p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-700" data-testid="user-table">
              <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2.5">User</th>
                  <th scope="col" className="px-4 py-2.5">Role</th>
                  <th scope="col" className="px-4 py-2.5">Primary Location</th>
                  <th scope="col" className="px-4 py-2.5">Locations</th>
                  <th scope="col" className="px-4 py-2.5 text-right">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === me.id} locations={locations} names={names} touch={collection.touched[user.id]} onOpen={onOpen} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}

      {dialog?.kind === 'add' && <AddUserDialog locations={locations} onClose={close} />}
      {dialog?.kind === 'edit' && dialogUser && <EditUserDialog user={dialogUser} ownAccount={dialogUser.id === me.id} locations={locations} onClose={close} />}
      {dialog?.kind === 'delete' && dialogUser && <DeleteUserDialog user={dialogUser} onClose={close} />}
    </section>
  );
}
