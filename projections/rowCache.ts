import { lastAnnounced, safeHorizon } from '../events/store/append';
import { subscribe, type Subscription } from '../events/store/subscribe';
import type { Pool } from '../events/store/types';
import type { LiveView } from './projection';

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
  /** Resolves once the cache holds every row and has seen every commit this process made. */
  current(): Promise<void>;
  /** The rows passing `keep`, in `compare` order, as one JSON array (memoised under `key`). */
  json(key: string, keep: (row: R) => boolean): string;
  stop(): Promise<void>;
}

/** How long a read waits for the cache to reach this process's last commit before giving up. */
const CATCH_UP_MS = 5_000;

/**
 * An in-memory copy of one read model's rows, kept current by following the log with the
 * view's own `ids`/`load` (the same path the live gateway pushes). Lists served from it cost
 * a filter and a string join instead of a query, row parsing and serialisation. A read first
 * waits until the cache has applied every commit this process made, so a client reads its own
 * writes; writes through other processes appear as soon as their events are followed.
 */
export async function createRowCache<R extends Row>(
  sql: Pool,
  view: LiveView,
  loadAll: (sql: Pool) => Promise<R[]>,
  compare: (a: R, b: R) => number,
  onError: (error: unknown) => void,
): Promise<RowCache<R>> {
  const entries = new Map<string, Entry<R>>();
  let sorted: Entry<R>[] | null = null;
  const memo = new Map<string, string>();
  // Every load happens after the events that caused it, so a loaded row is never older than
  // the copy it replaces.
  const put = (row: R) => entries.set(row.id, { row, json: JSON.stringify(row) });

  // Rows from the snapshot are at least as new as the horizon, so following from it misses nothing.
  const from = await safeHorizon(sql);
  for (const row of await loadAll(sql)) put(row);
  const subscription: Subscription = await subscribe(sql, {
    from,
    onError,
    handle: async (events) => {
      const ids = new Set<string>();
      for (const event of events) {
        if (!view.streamTypes.includes(event.stream_type)) continue;
        for (const id of await view.ids(event, sql)) ids.add(id);
      }
      if (ids.size === 0) return;
      const rows = (await view.load(sql, [...ids])) as unknown as R[];
      const found = new Set(rows.map((r) => r.id));
      for (const row of rows) put(row);
      for (const id of ids) if (!found.has(id)) entries.delete(id);
      sorted = null;
      memo.clear();
    },
  });

  return {
    async current() {
      const target = lastAnnounced(sql);
      if (target <= subscription.position()) return;
      await Promise.race([
        subscription.waitFor(target),
        new Promise((_, reject) => setTimeout(() => reject(new Error('row cache is behind the log')), CATCH_UP_MS).unref()),
      ]);
    },
    json(key, keep) {
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      sorted ??= [...entries.values()].sort((a, b) => compare(a.row, b.row));
      const text = `[${sorted.filter((e) => keep(e.row)).map((e) => e.json).join(',')}]`;
      if (memo.size > 200) memo.clear();
      memo.set(key, text);
      return text;
    },
    stop: () => subscription.stop(),
  };
}
