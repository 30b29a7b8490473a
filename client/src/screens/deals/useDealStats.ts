import { useCallback, useEffect, useRef } from 'react';
import type { DealStats } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { appStore, atom, useAtomValue, useSetAtom } from '../../state/jotai';
import { liveEpochAtom } from '../../live/liveState';
import { dealsAtom } from './atoms';

/** Wait for a burst of pushed changes to settle before asking again. */
const SETTLE_MS = 400;

interface StatsState {
  stats: DealStats | null;
  error: unknown;
  /** The location they are for. */
  for: string;
}
const NONE: StatsState = { stats: null, error: null, for: '' };
const statsAtom = atom<StatsState>(NONE);
const attemptAtom = atom(0);

const sameFigures = (a: DealStats | null, b: DealStats) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * GET /api/deals/stats for the location, asked again once a burst of deal changes settles (pushes,
 * the user's own moves): one request per burst, never one per move. Kept in an atom, so only what
 * shows the figures renders when they arrive; the component that loads them renders nothing.
 */
export function useLoadDealStats(location: string) {
  const rows = useAtomValue(dealsAtom).byId;
  const epoch = useAtomValue(liveEpochAtom);
  const attempt = useAtomValue(attemptAtom);
  const loadedFor = useRef('');

  useEffect(() => {
    if (epoch === 0) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      endpoints.dealStats(location).then(
        (stats) => {
          if (cancelled) return;
          loadedFor.current = location;
          // A move between open stages changes none of the figures: the same answer keeps the
          // state it had, so the tiles do not render again.
          appStore.set(statsAtom, (s) => (s.for === location && s.error === null && sameFigures(s.stats, stats) ? s : { stats, error: null, for: location }));
        },
        (error: unknown) => !cancelled && appStore.set(statsAtom, (s) => ({ stats: s.for === location ? s.stats : null, error, for: location })),
      );
    }, loadedFor.current === location ? SETTLE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [location, rows, epoch, attempt]);

  // Nothing of one screen's (or session's) figures shows in the next.
  useEffect(() => () => appStore.set(statsAtom, NONE), []);
}

/** The figures for the location (the last answer while the next one loads); `error` only when nothing could be loaded. */
export function useDealStats(location: string) {
  const state = useAtomValue(statsAtom);
  const setAttempt = useSetAtom(attemptAtom);
  const retry = useCallback(() => setAttempt((n) => n + 1), [setAttempt]);
  const mine = state.for === location;
  return { stats: mine ? state.stats : null, error: mine && !state.stats ? state.error : null, retry };
}
