import type { Pool } from '../../events/store/types';
import type { LiveEntity } from '@shared/realtime';
import { caughtUp, type ChangeFeed } from './changeFeed';

interface Row {
  id: string;
  version: number;
  updated_at: string;
}

interface Entry<R> {
  row: R;
  /** The row's JSON, serialised once per change rather than once per request. */
  json: string;
}

export interface RowCache<R extends Row> {
  /** Resolves once the cache has applied every commit this process made. */
  current(): Promise<void>;
  /** The rows passing `keep`, in `compare` order, as one JSON array (memoised under `key`). */
  json(key: string, keep: (row: R) => boolean): string;
}

/** A row replaces the copy held only when newer: a higher version, or the same one changed later. */
export const newer = (a: Pick<Row, 'version' | 'updated_at'>, b: Pick<Row, 'version' | 'updated_at'> | undefined) =>
  !b || a.version > b.version || (a.version === b.version && a.updated_at > b.updated_at);

/**
 * An in-memory copy of one entity's rows, kept current by the server's change feed (the rows
 * the live gateway pushes). Lists served from it cost a filter and a string join instead of a
 * query, row parsing and serialisation. A read first waits until the feed has handled every
 * commit this process made, so a client reads its own writes; writes through other processes
 * appear as soon as the feed follows them.
 */
export async function createRowCache<R extends Row>(
  sql: Pool,
  feed: ChangeFeed,
  entity: LiveEntity,
  loadAll: (sql: Pool) => Promise<R[]>,
  compare: (a: R, b: R) => number,
): Promise<RowCache<R>> {
  const entries = new Map<string, Entry<R>>();
  let sorted: Entry<R>[] | null = null;
  const memo = new Map<string, string>();
  const put = (row: R) => {
    if (newer(row, entries.get(row.id)?.row)) entries.set(row.id, { row, json: JSON.stringify(row) });
  };

  // Listening before the snapshot loads, so no change falls between the two; either may arrive
  // first, and the newer row wins.
  feed.listen(async (_events, messages) => {
    let changed = false;
    for (const message of messages) {
      for (const change of message.changes) {
        if (change.entity !== entity) continue;
        changed = true;
        // A change names its entity, and `entity`'s rows are R (the caller's loadAll reads the
        // same table); TypeScript cannot tie the entity's name to the caller's row type.
        if (change.row) put(change.row as unknown as R);
        else entries.delete(change.id);
      }
    }
    if (!changed) return;
    sorted = null;
    memo.clear();
  });
  for (const row of await loadAll(sql)) put(row);

  return {
    current: () => caughtUp(sql, feed),
    json(key, keep) {
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      sorted ??= [...entries.values()].sort((a, b) => compare(a.row, b.row));
      const text = `[${sorted.filter((e) => keep(e.row)).map((e) => e.json).join(',')}]`;
      if (memo.size > 200) memo.clear();
      memo.set(key, text);
      return text;
    },
  };
}
