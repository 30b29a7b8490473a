import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { may } from '@shared/policy';
import type { User } from '@shared/schemas/auth';
import { useSession } from '../auth/session';
import { RoleBadge } from './RoleBadge';
import { UserMenuButtonContent, USER_MENU_BUTTON } from './UserMenuButton';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/** The account menu itself (Radix, with its positioning library): fetched when first opened. */
export function UserMenuDropdown({ user, defaultOpen }: { user: User; defaultOpen: boolean }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const canSettings = may(user, 'settings.view');
  return (
    // Not modal: a modal menu hides the whole page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={USER_MENU_BUTTON}>
          <UserMenuButtonContent user={user} />
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
