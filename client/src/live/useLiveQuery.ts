import { useCallback, useEffect, useState } from 'react';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import { appStore, atom, useAtomValue } from '../state/jotai';
import { mergeSnapshot } from './collection';
import { liveEpochAtom } from './liveState';
import { liveCollection } from './registry';

export type QueryStatus = 'loading' | 'ready' | 'error';

export interface LiveQuery {
  status: QueryStatus;
  /** The failure of the last load, for its message; null unless status is 'error'. */
  error: unknown;
  /** Loads again (after a failure, or on the user's request). */
  retry: () => void;
}

/** Each query's status by `entity:key`, so any component can ask whether a query has loaded. */
const statuses = atom<Record<string, QueryStatus>>({});

/** The status of a query some component runs (loading until it has answered once). */
export function useQueryStatus(entity: LiveEntity, key: string): QueryStatus {
  return useAtomValue(statuses)[`${entity}:${key}`] ?? 'loading';
}

/**
 * Loads one view of an entity from REST into the entity cache, once the socket is ready (so
 * nothing committed in between is missed), again when the server says the tab fell too far
 * behind, and when `key` changes or the user retries. Pushed rows keep the cache current in
 * between. `inScope` says which cached rows this answer is the truth for (a location's rows, say):
 * those it lacks are dropped; the rest of the cache is left alone. Screens select their rows from
 * the cache; this returns only the load's status.
 */
export function useLiveQuery<E extends LiveEntity>(
  entity: E,
  key: string,
  fetchRows: () => Promise<LiveRows[E][]>,
  inScope: (row: LiveRows[E]) => boolean = () => true,
): LiveQuery {
  const epoch = useAtomValue(liveEpochAtom);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ status: QueryStatus; error: unknown; for: string }>({ status: 'loading', error: null, for: '' });
  const id = `${entity}:${key}`;
  const run = `${id}#${epoch}#${attempt}`;

  useEffect(() => {
    if (epoch === 0) return;
    let cancelled = false;
    const started = Date.now();
    const cache = liveCollection(entity);
    const settle = (status: QueryStatus, error: unknown) => {
      setState({ status, error, for: run });
      appStore.set(statuses, (s) => ({ ...s, [id]: status }));
    };
    fetchRows().then(
      (rows) => {
        if (cancelled) return;
        appStore.set(cache, (c) => {
          const pushed = new Set(Object.entries(c.touched).filter(([, t]) => t.at >= started).map(([rowId]) => rowId));
          return mergeSnapshot(c, rows, inScope, pushed);
        });
        settle('ready', null);
      },
      (error: unknown) => {
        if (!cancelled) settle('error', error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [run]); // eslint-disable-line react-hooks/exhaustive-deps -- `run` names everything the load depends on

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A new key or a retry is loading until its own answer arrives.
  const current = state.for === run ? state : { status: 'loading' as const, error: null };
  return { status: current.status, error: current.error, retry };
}
