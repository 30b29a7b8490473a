import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { appStore, useAtomValue } from '../state/jotai';
import { applyRow } from './collection';
import { liveEpochAtom } from './liveState';

/** Loads one row into its live collection (pushes then keep it current); null while loading, 'missing' on 404. */
export function useLiveRow<R extends { id: string; version: number }>(
  atom: Parameters<typeof appStore.get>[0],
  id: string | undefined,
  fetchRow: (id: string) => Promise<R>,
): { row: R | null; missing: boolean; failed: boolean } {
  const collection = useAtomValue(atom) as { byId: Record<string, R>; touched: Record<string, number> };
  const epoch = useAtomValue(liveEpochAtom);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id || epoch === 0) return;
    let cancelled = false;
    fetchRow(id).then(
      (row) => {
        if (!cancelled) appStore.set(atom as never, (c: never) => applyRow(c, row.id, row as never) as never);
      },
      (error) => {
        if (cancelled) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) setMissing(true);
        else setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, epoch]); // eslint-disable-line react-hooks/exhaustive-deps
  return { row: (id && collection.byId[id]) || null, missing: missing && !(id && collection.byId[id]), failed };
}

