import { useEffect, useRef } from 'react';
import { useAtomValue } from '../state/jotai';
import { liveStatusAtom } from './liveState';
import { cameBackLive } from './retryWhenLive';

/**
 * Calls `retry` when the connection comes back (the live socket is live again, or the browser is
 * back online) while `failed`: a load that failed because the server or the network was away
 * tries again by itself, without waiting for a click on Retry.
 */
export function useRetryWhenLive(retry: () => void, failed = true): void {
  const status = useAtomValue(liveStatusAtom);
  const previous = useRef(status);
  // The newest retry, so a caller passing a fresh function each render does not re-run the effects.
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (failed && cameBackLive(before, status)) latest.current();
  }, [status, failed]);

  useEffect(() => {
    if (!failed) return;
    const online = () => latest.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [failed]);
}
