import { useCallback, useEffect, useState } from 'react';
import type { DealChange, DealChangesSummary } from '@shared/schemas/dealHistory';
import { endpoints } from '../../../api/endpoints';
import { useAtomValue } from '../../../state/jotai';
import { dealsAtom } from '../atoms';

/** Changes listed per page. */
export const CHANGES_PAGE = 50;
/** Wait for a burst of pushed changes to settle before asking again. */
const SETTLE_MS = 400;

interface Loaded {
  /** The instant and location the answer is for. */
  key: string;
  changes: DealChange[];
  summary: DealChangesSummary | null;
  error: unknown;
  more: boolean;
}

/**
 * GET /api/deals/changes since the instant (and its summary), for the location, read again once a
 * burst of live changes to the deals settles, so the panel keeps up with the board.
 */
export function useDealChanges(since: string | null, location: string) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const rows = useAtomValue(dealsAtom).byId;
  const key = `${since}|${location}`;
  const fresh = loaded?.key !== key;

  useEffect(() => {
    if (!since) return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        Promise.all([endpoints.dealChanges({ since, location, limit: CHANGES_PAGE }), endpoints.dealChangesSummary({ since, location })]).then(
          ([changes, summary]) => !cancelled && setLoaded({ key, changes, summary, error: null, more: changes.length === CHANGES_PAGE }),
          // A later reading that fails keeps the last answer on screen.
          (error: unknown) => !cancelled && setLoaded((held) => (held?.key === key && !held.error ? held : { key, changes: [], summary: null, error, more: false })),
        );
      },
      fresh ? 0 : SETTLE_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `fresh` is read when the effect runs: a change of the key is fresh, a push to the same key settles first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [since, location, key, rows, attempt]);

  const loadMore = useCallback(async () => {
    const last = loaded?.changes.at(-1);
    if (!since || !last || !loaded) return;
    setLoadingMore(true);
    try {
      const next = await endpoints.dealChanges({ since, location, limit: CHANGES_PAGE, before: last.position });
      setLoaded((held) => (held && held.key === loaded.key ? { ...held, changes: [...held.changes, ...next], more: next.length === CHANGES_PAGE } : held));
    } finally {
      setLoadingMore(false);
    }
  }, [since, location, loaded]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status: 'idle' | 'loading' | 'ready' | 'error' = !since ? 'idle' : fresh ? 'loading' : loaded?.error ? 'error' : 'ready';
  const ready = status === 'ready' && loaded;
  return {
    status,
    changes: ready ? loaded.changes : [],
    summary: ready ? loaded.summary : null,
    error: status === 'error' ? loaded?.error : null,
    more: ready ? loaded.more : false,
    loadingMore,
    loadMore,
    retry,
  };
}
