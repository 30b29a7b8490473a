import type { LiveEntity, LiveRows } from '@shared/realtime';
import { useAtomValue } from '../state/jotai';
import { liveCollection } from './registry';

export interface RowChange<R> {
  /** The row as it stands now (null once it left the user's view). */
  current: R | null;
  /** Someone else changed it since `version` (the version a dialog opened with). */
  changed: boolean;
  /** Their name, when known. */
  by: string | null;
}

/** For an open dialog: has its row changed under it, and by whom? */
export function useRowChange<E extends LiveEntity>(entity: E, id: string, version: number): RowChange<LiveRows[E]> {
  const collection = useAtomValue(liveCollection(entity));
  const current = collection.byId[id] ?? null;
  const touch = collection.touched[id];
  const changed = current === null ? !!collection.removed[id] : current.version > version && !touch?.own;
  return { current, changed, by: touch && !touch.own ? touch.by : null };
}
