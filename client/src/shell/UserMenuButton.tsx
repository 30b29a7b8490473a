import { ChevronDown } from 'lucide-react';
import type { User } from '@shared/schemas/auth';
import { Avatar } from '../components/ui/Avatar';
import { RoleBadge } from './RoleBadge';

export const USER_MENU_BUTTON = 'flex items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-100';

/** What the account menu's button shows, before and after the menu's code has arrived. */
export function UserMenuButtonContent({ user }: { user: User }) {
  return (
    <>
      <Avatar name={user.name} id={user.id} />
      <span className="hidden min-w-0 md:block">
        <span className="flex items-center gap-2">
          {/* Named by what it shows (name, role, e-mail), then what it is: the name contains the visible text. */}
          <span className="truncate text-sm font-medium text-slate-900" data-testid="user-name">
            {user.name}
          </span>
          <RoleBadge role={user.role} />
        </span>
        <span className="block truncate text-xs text-slate-600">{user.email}</span>
      </span>
      <span className="sr-only">Account menu</span>
      <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden />
    </>
  );
}
