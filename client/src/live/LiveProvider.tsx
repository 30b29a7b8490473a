import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { screenOf } from '@shared/realtime';
import { getToken } from '../api/client';
import { useFollowOwnAccount } from '../auth/accounts';
import { useSession } from '../auth/session';
import { appStore } from '../state/jotai';
import { live } from './connection';
import { emptyCollections } from './registry';
import { liveEpochAtom, liveStatusAtom } from './liveState';
import { departuresAtom } from './departures';

/** How long views wait for the socket before loading anyway (and showing Offline/Reconnecting). */
const READY_GRACE_MS = 3000;

/** Opens the tab's socket while signed in, and announces the current screen for presence. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  useFollowOwnAccount();

  useEffect(() => {
    const token = getToken();
    if (!user || !token) return;
    live.connect(token, logout);
    const grace = setTimeout(() => {
      if (appStore.get(liveEpochAtom) === 0) appStore.set(liveEpochAtom, 1);
    }, READY_GRACE_MS);
    return () => {
      clearTimeout(grace);
      live.disconnect();
      // Nothing of one user's session may leak into the next one's views.
      emptyCollections();
      appStore.set(departuresAtom, {});
      appStore.set(liveEpochAtom, 0);
      appStore.set(liveStatusAtom, 'connecting');
    };
  }, [user?.id, logout]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    live.announce(screenOf(pathname));
  }, [pathname]);

  useEffect(() => () => live.announce(null), []);

  return <>{children}</>;
}
