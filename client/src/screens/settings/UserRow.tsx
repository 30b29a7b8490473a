import { memo } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { User } from '@shared/schemas/auth';
import type { Location } from '@shared/schemas/locations';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import type { Touch } from '../../live/collection';
import { RoleBadge } from '../../shell/RoleBadge';
import { accessibleLocations, accessibleLocationsText, primaryLocationName } from './userLabels';

export type UserDialogKind = 'edit' | 'delete';

const CELL = 'px-4 py-3 align-middle';

/**
 * One account in User Management. Memoised on the user, the locations (their names) and stable
 * callbacks: a pushed user re-renders its own row only.
 */
export const UserRow = memo(function UserRow({
  user,
  isMe,
  locations,
  names,
  touch,
  onOpen,
}: {
  user: User;
  isMe: boolean;
  locations: readonly Location[];
  names: ReadonlyMap<string, string>;
  /** The user's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  onOpen: (kind: UserDialogKind, user: User) => void;
}) {
  const access = accessibleLocations(user, locations);
  return (
    <tr className="border-t border-slate-100" data-testid="user-row" data-user-id={user.id} data-email={user.email}>
      <td className={`${CELL} relative`}>
        <LiveAccent touch={touch} edge />
        <div className="flex items-center gap-3">
          <Avatar name={user.name} id={user.id} />
          <div className="min-w-0">
            <div className="font-semibold text-slate-900">
              {user.name} {isMe && <Badge className="ml-1">You</Badge>}
            </div>
            <div className="text-xs break-all text-slate-500">{user.email}</div>
            <UpdatedBy touch={touch} />
          </div>
        </div>
      </td>
      <td className={CELL}>
        <RoleBadge role={user.role} />
      </td>
      <td className={CELL}>{primaryLocationName(user, names)}</td>
      <td className={CELL} title={access.names.join(', ')}>
        {accessibleLocationsText(access)}
      </td>
      <td className={`${CELL} text-right whitespace-nowrap`}>
        <Button variant="ghost" size="icon" aria-label={`Edit ${user.email}`} title="Edit" onClick={() => onOpen('edit', user)}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        {user.role !== 'admin' && !isMe && (
          <Button variant="ghost" size="icon" aria-label={`Delete ${user.email}`} title="Delete" onClick={() => onOpen('delete', user)}>
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
          </Button>
        )}
      </td>
    </tr>
  );
});
