import { useCallback, useEffect, useState } from 'react';
import type { Deal, DealStats } from '@shared/schemas/deals';
import { endpoints } from '../../../api/endpoints';

export interface AsOfBoard {
  status: 'idle' | 'loading' | 'ready' | 'error';
  deals: Deal[];
  stats: DealStats | null;
  error: unknown;
  retry: () => void;
}

const NO_DEALS: Deal[] = [];

interface Loaded {
  /** The instant, location and attempt the answer is for. */
  key: string;
  deals: Deal[];
  stats: DealStats | null;
  error: unknown;
}

/**
 * The board as it stood at `asOf` at the location: its deals and figures, read once. Nothing live
 * reaches it (pushes go to the live collection beneath), so a past board holds still.
 */
export function useAsOfBoard(asOf: string | null, location: string): AsOfBoard {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${asOf}|${location}|${attempt}`;
  useEffect(() => {
    if (!asOf) return;
    let cancelled = false;
    Promise.all([endpoints.dealsAsOf(asOf, location), endpoints.dealStatsAsOf(asOf, location)]).then(
      ([deals, stats]) => !cancelled && setLoaded({ key, deals, stats, error: null }),
      (error: unknown) => !cancelled && setLoaded({ key, deals: NO_DEALS, stats: null, error }),
    );
    return () => {
      cancelled = true;
    };
  }, [asOf, location, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!asOf) return { status: 'idle', deals: NO_DEALS, stats: null, error: null, retry };
  if (loaded?.key !== key) return { status: 'loading', deals: NO_DEALS, stats: null, error: null, retry };
  return { status: loaded.error ? 'error' : 'ready', deals: loaded.deals, stats: loaded.stats, error: loaded.error, retry };
}
