import type { Db, StoredEvent } from '../../events/store/types';
import type { LiveView, Projection, Touched } from './projection';
import { projections } from '../registry';
import { userNames } from '../users/queries';
import { createNameMemo, type NameMemo } from './nameMemo';
import type { ChangeMessage, RowChange } from '@shared/realtime';

const live = projections.filter((p): p is Projection & { live: LiveView } => p.live !== undefined);

type Row = { id: string };

/** The rows one projection's events touched, indexed by the columns the events name them by. */
class Loaded {
  private readonly index = new Map<string, Map<string, Row[]>>();
  constructor(private readonly rows: Row[]) {}

  matching({ column, value }: Touched): Row[] {
    let byValue = this.index.get(column);
    if (!byValue) {
      byValue = new Map();
      for (const row of this.rows) {
        const held = (row as Record<string, unknown>)[column];
        if (typeof held === 'string') byValue.set(held, [...(byValue.get(held) ?? []), row]);
      }
      this.index.set(column, byValue);
    }
    return byValue.get(value) ?? [];
  }
}

/** One memo of users' names per pool (each node, each test server, its own). */
const memos = new WeakMap<Db, NameMemo>();
const memoOf = (db: Db) => {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = createNameMemo((ids) => userNames(db, ids))));
  return memo;
};

const load = async (db: Db, view: LiveView, touched: Touched[]) =>
  new Loaded(touched.length === 0 ? [] : ((await view.load(db, touched)) as Row[]));

/**
 * The changes one event made to one entity: each touched row as it stands now, and for a row the
 * event named by id that is gone, a removal. Sending today's row for an older event is safe:
 * clients merge by version.
 */
function rowChanges(view: LiveView, touched: Touched[], loaded: Loaded): RowChange[] {
  const changes = new Map<string, RowChange>();
  for (const t of touched) {
    const rows = loaded.matching(t);
    if (rows.length === 0 && t.column === 'id') changes.set(t.value, { entity: view.entity, id: t.value, row: null } as RowChange);
    for (const row of rows) changes.set(row.id, { entity: view.entity, id: row.id, row } as RowChange);
  }
  return [...changes.values()];
}

/**
 * Turns a batch of events into change messages carrying the rows they touched, as they stand
 * now: each projection says per event type which rows an event changed (`changed`), and one
 * query per entity loads them all for the batch.
 */
export async function changesFor(db: Db, events: StoredEvent[]): Promise<ChangeMessage[]> {
  const touched = events.map((event) => live.map((p) => p.changed(event)));
  const names = memoOf(db);
  names.saw(events);
  // Together: were the names awaited after the rows, a failed row load (the database gone)
  // would leave their failure unheard, which ends the process.
  const [loaded, byUser] = await Promise.all([
    Promise.all(live.map((p, j) => load(db, p.live, touched.flatMap((t) => t[j]!)))),
    names.names(events.map((e) => e.metadata.user_id)),
  ]);
  return events.map((event, i) => ({
    position: event.position,
    event_type: event.type,
    stream_id: event.stream_id,
    at: event.metadata.at,
    correlation_id: event.metadata.correlation_id,
    user_name: byUser.get(event.metadata.user_id) ?? null,
    changes: live.flatMap((p, j) => rowChanges(p.live, touched[i]![j]!, loaded[j]!)),
  }));
}

/**
 * What a client that was away missed, smallest form: every row is sent once, with the last
 * event that changed it (rows are as they stand now, so earlier mentions would repeat it), and
 * events left with nothing to send are dropped. The `ready` message that follows tells the
 * position reached.
 */
export function latestOnly(messages: ChangeMessage[]): ChangeMessage[] {
  const seen = new Set<string>();
  const kept: ChangeMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const changes = message.changes.filter((c) => {
      const key = `${c.entity}:${c.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (changes.length > 0) kept.push({ ...message, changes });
  }
  return kept.reverse();
}
