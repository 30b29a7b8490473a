import type { LiveEntity, LiveRows } from '@shared/realtime';
import { appStore } from '../state/jotai';
import { applyRow } from './collection';
import { liveCollection } from './registry';

/**
 * Fetches one row and writes it into the entity cache; answers the cache's copy, which is the
 * newer of the two when a push overtook the request.
 */
export async function reloadRow<E extends LiveEntity>(entity: E, id: string, fetchRow: (id: string) => Promise<LiveRows[E]>): Promise<LiveRows[E]> {
  const row = await fetchRow(id);
  const cache = liveCollection(entity);
  appStore.set(cache, (c) => applyRow(c, row));
  return appStore.get(cache).byId[id] ?? row;
}
