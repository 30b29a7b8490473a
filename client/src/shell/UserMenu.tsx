import { useState } from 'react';
import { useUser } from '../auth/session';
import { lazyPart } from './loadOnFirstUse';
import { UserMenuButtonContent, USER_MENU_BUTTON } from './UserMenuButton';

/** The dropdown (Radix menu and floating-ui) is not part of the shell's first load. */
const dropdown = lazyPart('account menu', () => import('./UserMenuDropdown'));

/**
 * The top bar's user block: name, e-mail, role badge; Settings (admin, manager) and Logout. Until
 * first opened it is a plain button; opening it fetches the menu, which then shows open.
 */
export function UserMenu() {
  const user = useUser();
  const [wanted, setWanted] = useState(false);
  const loaded = dropdown.useLoaded(wanted);
  if (loaded) return <loaded.UserMenuDropdown user={user} defaultOpen={wanted} />;
  return (
    <button
      type="button"
      className={USER_MENU_BUTTON}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={wanted}
      onPointerEnter={dropdown.preload}
      onClick={() => setWanted(true)}
    >
      <UserMenuButtonContent user={user} />
    </button>
  );
}
