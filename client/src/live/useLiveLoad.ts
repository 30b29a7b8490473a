import { useEffect } from 'react';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import { appStore, useAtomValue } from '../state/jotai';
import { mergeSnapshot, type LiveCollection } from './collection';
import { liveEpochAtom } from './liveState';
import type { CollectionAtom } from './registry';

/**
 * Loads a collection from REST once the socket is ready (so nothing committed in between is
 * missed), and again whenever the server says the tab fell too far behind. Pushed rows keep it
 * current in between. Returns the collection.
 */
export function useLiveLoad<E extends LiveEntity>(
  collectionAtom: CollectionAtom<E>,
  fetchRows: () => Promise<LiveRows[E][]>,
  onError?: (error: unknown) => void,
): LiveCollection<LiveRows[E]> {
  const epoch = useAtomValue(liveEpochAtom);
  const collection = useAtomValue(collectionAtom);

  useEffect(() => {
    if (epoch === 0) return;
    let cancelled = false;
    const started = Date.now();
    appStore.set(collectionAtom, (c) => (c.status === 'ready' ? c : { ...c, status: 'loading' }));
    fetchRows().then(
      (rows) => {
        if (cancelled) return;
        appStore.set(collectionAtom, (c) => {
          const pushed = new Set(Object.entries(c.touched).filter(([, at]) => at >= started).map(([id]) => id));
          return mergeSnapshot(c, rows, pushed);
        });
      },
      (error) => {
        if (cancelled) return;
        appStore.set(collectionAtom, (c) => ({ ...c, status: c.status === 'ready' ? 'ready' : 'error' }));
        onError?.(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [epoch]); // eslint-disable-line react-hooks/exhaustive-deps

  return collection;
}
