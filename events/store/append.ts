import { ConcurrencyError } from './errors';
import type { Db, EventMetadata, NewEvent, StoredEvent, Tx } from './types';

/**
 * The gap rule. Positions come from a sequence at insert time, but transactions commit out of
 * order, so a reader of "everything after N" could pass over a smaller position that commits
 * later. Every append therefore takes this transaction-scoped lock before it writes: positions
 * are handed out in commit order, and a row is never visible before every smaller position is
 * either visible or rolled back. The lock is taken as late as possible (after the decider and
 * the inline projections have run) so only the insert and the commit are serialised.
 */
export const APPEND_LOCK = 7_340_002;

/** Channel woken after each commit; the payload is the last position written. */
export const EVENTS_CHANNEL = 'events';

interface AppendArgs {
  streamId: string;
  streamType: string;
  /** The stream's version the caller decided on; 0 for a new stream. */
  expectedVersion: number;
  events: NewEvent[];
  metadata: EventMetadata;
}

/**
 * Appends events to one stream inside the caller's transaction. A version mismatch raises
 * ConcurrencyError and writes nothing.
 */
export async function append(tx: Tx, args: AppendArgs): Promise<StoredEvent[]> {
  const { streamId, streamType, expectedVersion, events, metadata } = args;
  if (events.length === 0) return [];
  await tx`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`;
  // Under the lock no other append can interleave, so this read is the stream's true head.
  const [head] = await tx<{ version: number | null }[]>`
    SELECT max(version) AS version FROM events WHERE stream_id = ${streamId}`;
  if ((head?.version ?? 0) !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion);

  const versions = events.map((_, i) => expectedVersion + i + 1);
  const rows = await tx<{ position: number; version: number }[]>`
    INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
    SELECT ${streamId}, ${streamType}, v, t, d, ${tx.json(metadata as never)}
    FROM unnest(${versions}::int[], ${events.map((e) => e.type)}::text[],
                ${events.map((e) => e.data) as never}::jsonb[]) AS x(v, t, d)
    ORDER BY v
    RETURNING position, version`;
  const positionByVersion = new Map(rows.map((r) => [r.version, r.position]));
  const last = Math.max(...rows.map((r) => r.position));
  await tx`SELECT pg_notify(${EVENTS_CHANNEL}, ${String(last)})`;
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

const COLUMNS = 'position, stream_id, stream_type, version, type, data, metadata';

/** Every event of one stream, oldest first. */
export async function readStream(db: Db, streamId: string): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY version`,
    [streamId],
  );
}

/** Up to `limit` events after `fromPosition` (exclusive), in log order. */
export async function readAll(db: Db, fromPosition: number, limit: number): Promise<StoredEvent[]> {
  return db.unsafe<StoredEvent[]>(
    `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
    [fromPosition, limit],
  );
}

/** The position of the newest committed event, 0 for an empty log. */
export async function headPosition(db: Db): Promise<number> {
  const [row] = await db<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
  return row?.position ?? 0;
}
