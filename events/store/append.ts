import { ConcurrencyError } from './errors';
import { PREPARED } from './connect';
import type { BriefStoredEvent, Db, EventMetadata, NewEvent, Pool, StoredEvent, Tx } from './types';

/**
 * The gap rule. Positions come from a sequence at insert time, but transactions commit out of
 * order, so a reader of "everything after N" could pass over a smaller position that commits
 * later. Every append holds this lock in SHARED mode from before it draws a position until it
 * commits; appends do not block each other, so their commits still share WAL flushes. A reader
 * that needs a safe horizon takes the lock EXCLUSIVELY for an instant (`safeHorizon`): once
 * granted, every position drawn so far belongs to a transaction that has committed or rolled
 * back, so nothing at or below the sequence's current value can still appear. A rebuild holds it
 * exclusively for its whole transaction, so no append interleaves with the replay.
 */
export const APPEND_LOCK = 7_340_002;

/** The sequence behind events.position (bigserial). */
const POSITION_SEQUENCE = 'events_position_seq';

/** Channel woken after each commit; the payload is the last position written. */
export const EVENTS_CHANNEL = 'events';

/**
 * Wakes every subscriber after a commit of `events`. Subscribers of this process are handed the
 * events at once, as the log holds them (JSON), without the database: they need not read back
 * what was just written. The NOTIFY is for other processes. It is sent after the commit, not
 * inside the transaction: a NOTIFY inside would make PostgreSQL serialise the commits of all
 * appends on its notification queue lock. It is its own statement and transaction, about as
 * much work for the database as a small append, so one is sent at once after a quiet spell and,
 * while commits keep coming, at most one per NOTIFY_INTERVAL_MS, naming the last position
 * committed (a subscriber reads the log from where it stands). A wake-up lost to a crash between
 * commit and notify costs a subscriber at most its poll interval, never an event.
 */
export function announce(sql: Pool, events: StoredEvent[]): void {
  if (events.length === 0) return;
  const wakers = localWakers.get(sql);
  if (wakers && wakers.size > 0) {
    const committed = JSON.parse(JSON.stringify(events)) as StoredEvent[];
    for (const wake of wakers) wake(committed);
  }
  let notifier = announcers.get(sql);
  if (!notifier) announcers.set(sql, (notifier = createNotifier(sql)));
  let last = 0;
  for (const event of events) last = Math.max(last, event.position);
  notifier.committed(last);
}

/**
 * One process's NOTIFYs on one pool: at once when none went out in the last NOTIFY_INTERVAL_MS,
 * else once that interval has passed, naming the last position committed by then; never two at
 * a time.
 */
function createNotifier(sql: Pool) {
  let latest = 0;
  let sent = 0;
  let sentAt = -Infinity;
  let busy = false;
  const fire = () => {
    sent = latest;
    sentAt = performance.now();
    const done = () => {
      busy = false;
      schedule();
    };
    sql.notify(EVENTS_CHANNEL, String(sent)).then(done, done);
  };
  const schedule = () => {
    if (busy || sent >= latest) return;
    busy = true;
    const wait = sentAt + NOTIFY_INTERVAL_MS - performance.now();
    if (wait > 0) setTimeout(fire, wait);
    else fire();
  };
  return {
    latest: () => latest,
    committed(position: number) {
      latest = Math.max(latest, position);
      schedule();
    },
  };
}

/** Under a steady stream of commits, the least time between two NOTIFYs of one process. */
export const NOTIFY_INTERVAL_MS = 5;
const announcers = new WeakMap<Pool, ReturnType<typeof createNotifier>>();
const localWakers = new WeakMap<Pool, Set<(events: StoredEvent[]) => void>>();

/** The last position this process committed (and announced) on `sql`; 0 before any. */
export function lastAnnounced(sql: Pool): number {
  return announcers.get(sql)?.latest() ?? 0;
}

/**
 * Registers a wake-up called with the events when this process announces a commit on `sql`;
 * returns its removal. The events are shared between the wake-ups: read them, never change them.
 */
export function onLocalAnnounce(sql: Pool, wake: (events: StoredEvent[]) => void): () => void {
  let set = localWakers.get(sql);
  if (!set) localWakers.set(sql, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

export interface AppendArgs {
  streamId: string;
  streamType: string;
  /** The stream's version the caller decided on; 0 for a new stream. */
  expectedVersion: number;
  events: NewEvent[];
  metadata: EventMetadata;
}

/**
 * Appends events to one stream inside the caller's transaction. `expectedVersion` is the
 * stream's version as the caller read it (handleCommand reads it under the stream's lock): an
 * append of a version already taken (another writer got there first) raises ConcurrencyError
 * and writes nothing. The unique (stream, version) index decides, so there is no read of the
 * stream's head here; versions only grow, so a version read from the stream is never above it.
 */
export async function append(tx: Tx, args: AppendArgs): Promise<StoredEvent[]> {
  const { streamId, streamType, expectedVersion, events, metadata } = args;
  if (events.length === 0) return [];
  const versions = events.map((_, i) => expectedVersion + i + 1);
  // One statement: the lock (shared, see APPEND_LOCK) is granted before the join yields a row,
  // so before any position is drawn. Data goes as JSON text: postgres.js would read an array
  // element with a `type` key (an office's type) as a typed parameter and lose it.
  const first = events[0]!;
  const rows = await (events.length === 1
    ? tx<{ position: number; version: number }[]>`
        INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
        SELECT ${streamId}, ${streamType}, ${versions[0]!}::int, ${first.type}, ${JSON.stringify(first.data)}::text::jsonb, ${tx.json(metadata as never)}
        FROM (SELECT pg_advisory_xact_lock_shared(${APPEND_LOCK})) AS lock
        RETURNING position, version`
    : tx<{ position: number; version: number }[]>`
        INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
        SELECT ${streamId}, ${streamType}, v, t, d::jsonb, ${tx.json(metadata as never)}
        FROM (SELECT pg_advisory_xact_lock_shared(${APPEND_LOCK})) AS lock,
             unnest(${versions}::int[], ${events.map((e) => e.type)}::text[], ${events.map((e) => JSON.stringify(e.data))}::text[]) AS x(v, t, d)
        ORDER BY v
        RETURNING position, version`
  ).catch((error: { code?: string; constraint_name?: string }) => {
    if (error.code === '23505' && error.constraint_name === 'events_stream_version_unique') {
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw error;
  });
  if (rows.length !== events.length) throw new ConcurrencyError(streamId, expectedVersion);
  const positionByVersion = new Map(rows.map((r) => [r.version, r.position]));
  return events.map((e, i) => ({
    position: positionByVersion.get(versions[i]!)!,
    stream_id: streamId,
    stream_type: streamType,
    version: versions[i]!,
    type: e.type,
    data: e.data,
    metadata,
  }));
}

/**
 * Appends the events of many streams in one statement, in the order given, inside the caller's
 * transaction: for a bulk command (an import) that decided everything first, so the append lock
 * (shared, see APPEND_LOCK) is held only for this insert and the commit, not for the whole run.
 * Each stream's writer holds its stream lock (handleCommand), so the versions are current; two
 * appends of one version still fail on the unique (stream, version) index.
 */
export async function appendMany(tx: Tx, batches: AppendArgs[]): Promise<StoredEvent[][]> {
  const rows = batches.flatMap((b) =>
    b.events.map((e, i) => ({ stream: b.streamId, type: b.streamType, version: b.expectedVersion + i + 1, event: e.type, data: JSON.stringify(e.data), metadata: JSON.stringify(b.metadata) })),
  );
  if (rows.length === 0) return batches.map(() => []);
  const stored = await tx<{ position: number }[]>`
    WITH lock AS (
      SELECT pg_advisory_xact_lock_shared(${APPEND_LOCK})
    )
    INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
    SELECT s, st, v, t, d::jsonb, m::jsonb
    FROM lock, unnest(${rows.map((r) => r.stream)}::text[], ${rows.map((r) => r.type)}::text[], ${rows.map((r) => r.version)}::int[],
                      ${rows.map((r) => r.event)}::text[], ${rows.map((r) => r.data)}::text[], ${rows.map((r) => r.metadata)}::text[])
         WITH ORDINALITY AS x(s, st, v, t, d, m, n)
    ORDER BY n
    RETURNING position`.catch((error: { code?: string; constraint_name?: string }) => {
    if (error.code === '23505' && error.constraint_name === 'events_stream_version_unique') throw new ConcurrencyError('(bulk)', -1);
    throw error;
  });
  if (stored.length !== rows.length) throw new ConcurrencyError('(bulk)', -1);
  // Positions are drawn in insert order, which is the order given.
  const positions = stored.map((r) => r.position).sort((a, b) => a - b);
  let at = 0;
  return batches.map((b) =>
    b.events.map((e, i) => ({
      position: positions[at++]!,
      stream_id: b.streamId,
      stream_type: b.streamType,
      version: b.expectedVersion + i + 1,
      type: e.type,
      data: e.data,
      metadata: b.metadata,
    })),
  );
}

const COLUMNS = 'position, stream_id, stream_type, version, type, data, metadata';

/** The events of one stream after `afterVersion` (default: all of them), oldest first. */
export async function readStream(db: Db, streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version`,
    [streamId, afterVersion],
    PREPARED,
  );
}

/**
 * Takes the stream write lock `lockClass` for `streamId` (held until the transaction ends), then
 * reads the stream's events after `afterVersion`, as committed once the lock was granted: one
 * round trip (migration 0010).
 */
export async function lockAndReadStream(tx: Tx, lockClass: number, streamId: string, afterVersion: number): Promise<StoredEvent[]> {
  return tx.unsafe<StoredEvent[]>(`SELECT ${COLUMNS} FROM lock_stream_and_read($1, $2, $3)`, [lockClass, streamId, afterVersion], PREPARED);
}

/**
 * Up to `limit` events after `fromPosition` (exclusive), in log order, and none above
 * `upTo` when given. A reader outside the append transaction that must never skip an event
 * passes a horizon from `safeHorizon`.
 */
export async function readAll(db: Db, fromPosition: number, limit: number, upTo?: number): Promise<StoredEvent[]> {
  return upTo === undefined
    ? db.unsafe<StoredEvent[]>(`SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`, [
        fromPosition,
        limit,
      ], PREPARED)
    : db.unsafe<StoredEvent[]>(
        `SELECT ${COLUMNS} FROM events WHERE position > $1 AND position <= $3 ORDER BY position LIMIT $2`,
        [fromPosition, limit, upTo], PREPARED);
}

/**
 * readAll() for a rebuild's folds (projections/build.ts): up to `limit` events after
 * `fromPosition`, at most `upTo`, with only the time and author of their metadata, read in about
 * half the time.
 */
export async function readAllBrief(db: Db, fromPosition: number, limit: number, upTo: number): Promise<BriefStoredEvent[]> {
  const rows = await db.unsafe<(Omit<BriefStoredEvent, 'metadata'> & BriefStoredEvent['metadata'])[]>(
    `SELECT position, stream_id, stream_type, version, type, data, metadata->>'at' AS at, metadata->>'user_id' AS user_id
     FROM events WHERE position > $1 AND position <= $3 ORDER BY position LIMIT $2`,
    [fromPosition, limit, upTo], PREPARED);
  // One literal of one shape per event: a rebuild reads millions.
  return rows.map((r) => ({
    position: r.position, stream_id: r.stream_id, stream_type: r.stream_type, version: r.version, type: r.type, data: r.data,
    metadata: { at: r.at, user_id: r.user_id },
  }));
}

/**
 * The highest position below which the log can no longer change: every position up to it is
 * committed or was rolled back. Waits, for an instant, for the appends in flight (APPEND_LOCK).
 */
export async function safeHorizon(sql: Pool): Promise<number> {
  // One statement in its own transaction. Target-list entries are evaluated in order, so the
  // sequence is read only once the exclusive lock is granted; the lock ends with the statement.
  const [row] = await sql.unsafe<{ last: number | null }[]>(
    `SELECT pg_advisory_xact_lock($1)::text AS locked, pg_sequence_last_value('${POSITION_SEQUENCE}') AS last`,
    [APPEND_LOCK], PREPARED);
  return row?.last ?? 0;
}

/** The position of the newest committed event, 0 for an empty log. */
export async function headPosition(db: Db): Promise<number> {
  const [row] = await db<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
  return row?.position ?? 0;
}
