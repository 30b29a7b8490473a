import { useEffect } from 'react';
import { endpoints } from '../api/endpoints';
import { liveClosedAtom, liveEpochAtom } from '../live/liveState';
import { liveCollection } from '../live/registry';
import { appStore } from '../state/jotai';
import { useSession } from './session';

/**
 * User accounts, kept live: every one for an administrator (the Settings screen loads them),
 * and for everyone their own account, which the server pushes to its owner whenever it changes.
 */
export const usersAtom = liveCollection('users');

/**
 * Keeps the signed-in user as the server now has it, so what the screens offer follows a change
 * of role or locations at once: the own account's row when it is pushed; a fresh /auth/me when
 * the views reload (the server says "your access changed" this way to a tab that was away); and
 * when the server closed the socket for good, a check that the account still exists (a 401 ends
 * the session and sends the browser to the sign-in page).
 *
 * It listens to the store itself rather than rendering from it: the pushed row and the reload
 * that follows it can arrive before React renders in between.
 */
export function useFollowOwnAccount() {
  const { user, updateUser } = useSession();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    const fromPush = () => {
      const own = appStore.get(usersAtom).byId[userId];
      if (own) updateUser(own);
    };
    const fromServer = () => {
      endpoints.me().then(updateUser, () => undefined);
    };
    const stops = [
      appStore.sub(usersAtom, fromPush),
      // The first load of the views (epoch 1) needs no check: the session was read just before.
      appStore.sub(liveEpochAtom, () => appStore.get(liveEpochAtom) > 1 && fromServer()),
      appStore.sub(liveClosedAtom, () => appStore.get(liveClosedAtom) !== null && fromServer()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [userId, updateUser]);
}
