import { useEffect, useState } from 'react';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import { ApiError } from '../api/client';
import { appStore, useAtomValue } from '../state/jotai';
import { applyRow } from './collection';
import { liveEpochAtom } from './liveState';
import { liveCollection } from './registry';

/**
 * Loads one row into the entity cache (pushes then keep it current). `missing` when the server
 * says it does not exist or is not the user's to see, or when it left the user's view live;
 * `failed` (with `error`) when the load itself failed, which is not the same: Retry may work.
 */
export function useLiveRow<E extends LiveEntity>(
  entity: E,
  id: string | undefined,
  fetchRow: (id: string) => Promise<LiveRows[E]>,
): { row: LiveRows[E] | null; missing: boolean; failed: boolean; error: unknown; retry: () => void } {
  const cache = liveCollection(entity);
  const collection = useAtomValue(cache);
  const epoch = useAtomValue(liveEpochAtom);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ for: string; missing: boolean; failed: boolean; error: unknown }>({ for: '', missing: false, failed: false, error: null });
  const run = `${id}#${epoch}#${attempt}`;
  useEffect(() => {
    if (!id || epoch === 0) return;
    let cancelled = false;
    fetchRow(id).then(
      (row) => {
        if (cancelled) return;
        appStore.set(cache, (c) => applyRow(c, row));
        setOutcome({ for: run, missing: false, failed: false, error: null });
      },
      (error: unknown) => {
        if (cancelled) return;
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);
        setOutcome({ for: run, missing: gone, failed: !gone, error: gone ? null : error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [run]); // eslint-disable-line react-hooks/exhaustive-deps -- `run` names everything the load depends on
  const row = (id && collection.byId[id]) || null;
  const result = outcome.for === run ? outcome : { missing: false, failed: false, error: null };
  const left = !!id && !row && !!collection.removed[id];
  return {
    row,
    missing: (result.missing || left) && !row,
    failed: result.failed && !row,
    error: result.failed && !row ? result.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
