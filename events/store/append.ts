import { EVENTS_CHANNEL } from './announce';
import { ConcurrencyError } from './errors';
import { PREPARED } from './connect';
import type { BriefStoredEvent, Db, EventMetadata, NewEvent, Pool, StoredEvent, Tx } from './types';

/**
 * The gap rule. Positions come from a sequence at insert time, but transactions commit out of
 * order, so a reader of "everything after N" could pass over a smaller position that commits
 * later. PostgreSQL's nextval() holds a lock on the sequence from before it draws until the
 * transaction ends; `safeHorizon` (migration 0050) waits for the holders it sees to end. Appends
 * take no lock for it and never wait on a reader.
 */

export interface AppendArgs {
  streamId: string;
  streamType: string;
  /** The stream's version the caller decided on; 0 for a new stream. */
  expectedVersion: number;
  events: NewEvent[];
  metadata: EventMetadata;
  /**
   * Carry this process's NOTIFY for other processes, naming this append's last position: the
   * mark (senderMark) of the pool that claimed it (claimNotify in announce.ts); the caller then
   * passes that position to announce.
   */
  notify?: string;
}

/** A rejection handler: a version already taken (the unique index) becomes `conflict()`. */
const rethrowVersionTaken = (conflict: () => ConcurrencyError) => (error: { code?: string; constraint_name?: string }): never => {
  if (error.code === '23505' && error.constraint_name === 'events_stream_version_unique') throw conflict();
  throw error;
};

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
  const rows = await (events.length === 1 ? insertOne(tx, args) : insertMany(tx, args)).catch(
    rethrowVersionTaken(() => new ConcurrencyError(streamId, expectedVersion)),
  );
  if (rows.length !== events.length) throw new ConcurrencyError(streamId, expectedVersion);
  return events.map((e, i) => ({
    position: rows[i]!.position,
    stream_id: streamId,
    stream_type: streamType,
    version: expectedVersion + i + 1,
    type: e.type,
    data: e.data,
    metadata,
  }));
}

/*
 * The two INSERTs below are constant text, prepared once per connection. They send data and
 * metadata as JSON text: postgres.js would read an array element with a `type` key (an office's
 * type) as a typed parameter and lose it. A carried NOTIFY (its payload as
 * notifyPayload in announce.ts writes it) is queued by the statement itself, delivered at commit.
 */

/** A statement in its two forms: the notifying one takes the sender's mark as $7. */
interface Forms {
  plain: string;
  notifying: string;
}

const ONE_INSERT = `
  INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
  VALUES ($1, $2, $3::int, $4, $5::text::jsonb, $6::text::jsonb)
  RETURNING position`;
const INSERT_ONE: Forms = {
  plain: ONE_INSERT,
  notifying: `${ONE_INSERT}, pg_notify('${EVENTS_CHANNEL}', position::text || ' ' || $7::text)`,
};

/**
 * The common case, one event. The NOTIFY rides in the RETURNING list: as cheap as the INSERT
 * alone, where a statement wrapping the INSERT to compute its payload cost a tenth of a
 * single writer's throughput. A tagged template with the NOTIFY as a fragment, rebuilt by
 * postgres.js on every call, cost about 3% more.
 */
function insertOne(tx: Tx, { streamId, streamType, expectedVersion, events, metadata, notify }: AppendArgs): Promise<{ position: number }[]> {
  const event = events[0]!;
  const params = [streamId, streamType, expectedVersion + 1, event.type, JSON.stringify(event.data), JSON.stringify(metadata)];
  return insert(tx, INSERT_ONE, params, notify);
}

const MANY_INSERTED = `
  WITH appended AS (
    INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
    SELECT $1, $2, v, t, d::jsonb, $6::text::jsonb
    FROM unnest($3::int[], $4::text[], $5::text[]) AS x(v, t, d)
    ORDER BY v
    RETURNING position, version)`;
const INSERT_MANY: Forms = {
  plain: `${MANY_INSERTED} SELECT position FROM appended ORDER BY version`,
  notifying: `${MANY_INSERTED}
  SELECT position, pg_notify('${EVENTS_CHANNEL}', (max(position) OVER ())::text || ' ' || $7::text)
  FROM appended ORDER BY version`,
};

/**
 * Several events of one stream, in version order; their positions come back in that order. A
 * carried NOTIFY names the last position, so it is computed over the inserted rows.
 */
function insertMany(tx: Tx, { streamId, streamType, expectedVersion, events, metadata, notify }: AppendArgs): Promise<{ position: number }[]> {
  const params = [
    streamId,
    streamType,
    events.map((_, i) => expectedVersion + i + 1),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data)),
    JSON.stringify(metadata),
  ];
  return insert(tx, INSERT_MANY, params, notify);
}

/** Runs the notifying form with the sender's mark when the append carries the NOTIFY. */
function insert(tx: Tx, { plain, notifying }: Forms, params: (string | number | string[] | number[])[], notify: string | undefined) {
  if (notify === undefined) return tx.unsafe<{ position: number }[]>(plain, params, PREPARED);
  params.push(notify);
  return tx.unsafe<{ position: number }[]>(notifying, params, PREPARED);
}

/**
 * Appends the events of many streams in one statement, in the order given, inside the caller's
 * transaction: for a bulk command (an import) that decided everything first, so its positions
 * are drawn (and a reader's safe horizon waits on them) only for this insert and the commit, not
 * for the whole run.
 * Each stream's writer holds its stream lock (handleCommand), so the versions are current; two
 * appends of one version still fail on the unique (stream, version) index.
 */
export async function appendMany(tx: Tx, batches: AppendArgs[]): Promise<StoredEvent[][]> {
  const rows = batches.flatMap((b) =>
    b.events.map((e, i) => ({ stream: b.streamId, type: b.streamType, version: b.expectedVersion + i + 1, event: e.type, data: JSON.stringify(e.data), metadata: JSON.stringify(b.metadata) })),
  );
  if (rows.length === 0) return batches.map(() => []);
  const stored = await tx<{ position: number }[]>`
    INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
    SELECT s, st, v, t, d::jsonb, m::jsonb
    FROM unnest(${rows.map((r) => r.stream)}::text[], ${rows.map((r) => r.type)}::text[], ${rows.map((r) => r.version)}::int[],
                      ${rows.map((r) => r.event)}::text[], ${rows.map((r) => r.data)}::text[], ${rows.map((r) => r.metadata)}::text[])
         WITH ORDINALITY AS x(s, st, v, t, d, m, n)
    ORDER BY n
    RETURNING position`.catch(rethrowVersionTaken(() => new ConcurrencyError('(bulk)', -1)));
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
 * round trip (migration 0010). The statement is on its way when this returns (not an async
 * function, whose promise would start it a turn later): statements the caller sends next run
 * after it, under the lock.
 */
export function lockAndReadStream<E extends NewEvent = NewEvent>(
  tx: Tx,
  lockClass: number,
  streamId: string,
  afterVersion: number,
): Promise<(StoredEvent & E)[]> {
  const query = tx.unsafe<(StoredEvent & E)[]>(`SELECT ${COLUMNS} FROM lock_stream_and_read($1, $2, $3)`, [lockClass, streamId, afterVersion], PREPARED);
  return query.execute();
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
 * readAll() for a rebuild's folds (projections/engine/build.ts): up to `limit` events after
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
 * committed or was rolled back. Waits, for about a commit's time, for the appends in flight
 * (migration 0050); holds no one up.
 */
export async function safeHorizon(sql: Pool): Promise<number> {
  const [row] = await sql.unsafe<{ last: number }[]>('SELECT events_safe_horizon() AS last', [], PREPARED);
  return row?.last ?? 0;
}

/** The position of the newest committed event, 0 for an empty log. */
export async function headPosition(db: Db): Promise<number> {
  const [row] = await db<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
  return row?.position ?? 0;
}
