import { useEffect, useRef, useState } from 'react';
import type { DealStats } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { useAtomValue } from '../../state/jotai';
import { liveEpochAtom } from '../../live/liveState';
import { dealsAtom } from './atoms';

/** Wait for a burst of pushed changes to settle before asking again. */
const SETTLE_MS = 400;

/**
 * GET /api/deals/stats for the location, asked again shortly after any deal changes (a push, the
 * user's own move), so the tiles and statistics follow the board. Keeps the last answer while
 * the next one loads; `error` only when nothing could be loaded.
 */
export function useDealStats(location: string) {
  const collection = useAtomValue(dealsAtom);
  const epoch = useAtomValue(liveEpochAtom);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ stats: DealStats | null; error: unknown; for: string }>({ stats: null, error: null, for: '' });
  // Changes of the rows themselves, not of the "updated by" marks.
  const rowsKey = collection.byId;
  const loadedFor = useRef('');

  useEffect(() => {
    if (epoch === 0) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      endpoints.dealStats(location).then(
        (stats) => {
          if (cancelled) return;
          loadedFor.current = location;
          setState({ stats, error: null, for: location });
        },
        (error: unknown) => !cancelled && setState((s) => ({ stats: s.for === location ? s.stats : null, error, for: location })),
      );
    }, loadedFor.current === location ? SETTLE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [location, rowsKey, epoch, attempt]);

  const mine = state.for === location;
  return { stats: mine ? state.stats : null, error: mine && !state.stats ? state.error : null, retry: () => setAttempt((n) => n + 1) };
}
