import { may } from '@shared/policy';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../auth/session';
import { Avatar } from '../components/ui/Avatar';
import { RoleBadge } from './RoleBadge';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/** The top bar's user block: name, e-mail, role badge; Settings (admin, manager) and Logout. */
export function UserMenu() {
  const user = useUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  const canSettings = may(user, 'settings.view');
  return (
    // Not modal: a modal menu hides the whole page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {/* Named by what it shows (name, role, e-mail), then what it is: the name contains the visible text. */}
        <button type="button" className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100">
          <Avatar name={user.name} id={user.id} />
          <span className="hidden min-w-0 md:block">
            <span className="flex items-center gap-2">
              <span className="truncate text-sm font-medium text-slate-900" data-testid="user-name">
                {user.name}
              </span>
              <RoleBadge role={user.role} />
            </span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </span>
          <span className="sr-only">Account menu</span>
          <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-2.5 py-2 md:hidden">
            <p className="text-sm font-medium text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-500">{user.email}</p>
            <div className="mt-1">
              <RoleBadge role={user.role} />
            </div>
          </div>
          {canSettings && (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
              <Settings className="h-4 w-4" aria-hidden /> Settings
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              logout();
              navigate('/login', { replace: true });
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
