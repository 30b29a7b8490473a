import { randomUUID } from 'node:crypto';
import { safeHorizon } from '../../events/store/append';
import { subscribe } from '../../events/store/subscribe';
import type { EventMetadata, NewEvent, Pool } from '../../events/store/types';
import { prng } from '../../server/seed/prng';
import { appendAndAnnounce } from '../support/storeEvents';
import { median } from './report';

/**
 * The same columns, defaults and indexes as `events`, but written by a bare INSERT: no RETURNING,
 * no NOTIFY, nothing handed to followers. What append() costs above this is its protocol.
 */
const RAW_TABLE = `
  CREATE TABLE raw_events (
    position    bigserial PRIMARY KEY,
    stream_id   text        NOT NULL,
    stream_type text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    type        text        NOT NULL,
    data        jsonb       NOT NULL,
    metadata    jsonb       NOT NULL,
    tx_id       xid8        NOT NULL DEFAULT pg_current_xact_id(),
    recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT raw_events_stream_version_unique UNIQUE (stream_id, version)
  );
  CREATE INDEX raw_events_stream_type_idx ON raw_events (stream_type, position);`;

/** Creates raw_events holding a copy of the log, so both tables start the same size. */
export async function prepareRawTable(sql: Pool) {
  await sql.unsafe(RAW_TABLE);
  await sql`
    INSERT INTO raw_events (stream_id, stream_type, version, type, data, metadata)
    SELECT stream_id, stream_type, version, type, data, metadata FROM events ORDER BY position`;
  // Leaves autovacuum nothing to do on either table during the measurements.
  await sql`VACUUM ANALYZE events`;
  await sql`VACUUM ANALYZE raw_events`;
}

interface Row {
  streamId: string;
  streamType: string;
  expectedVersion: number;
  event: NewEvent;
  metadata: EventMetadata;
}

/** One writer's transactions, one event each, in order. */
type Plan = Row[][];

const MANAGERS = ['Ana Alvarez', 'Ben Brown', 'Chloe Chen', 'Dev Diaz', 'Eli Evans', 'Fatima Fischer'];

/**
 * Splits `transactions` single-event appends between `writers`; each writer owns every
 * writers-th stream, so it knows each stream's version without asking. Versions in `heads`
 * move on as the plan is made.
 */
export function planAppends(
  heads: { streamId: string; version: number }[],
  writers: number,
  transactions: number,
  seed: number,
): Plan {
  const rng = prng(seed);
  const owned = Array.from({ length: writers }, (_, w) => heads.filter((_, i) => i % writers === w));
  return owned.map((streams, w) => {
    const count = Math.floor((transactions * (w + 1)) / writers) - Math.floor((transactions * w) / writers);
    return Array.from({ length: count }, () => {
      const stream = rng.pick(streams);
      const expectedVersion = stream.version;
      stream.version += 1;
      const id = stream.streamId.slice('location-'.length);
      const event: NewEvent =
        rng.next() < 0.6
          ? { type: 'LocationUpdated', data: { manager: rng.pick(MANAGERS) } }
          : { type: 'LocationUpdated', data: { floors: Array.from({ length: 1 + rng.below(6) }, (_, i) => i + 1) } };
      return {
        streamId: stream.streamId,
        streamType: 'location',
        expectedVersion,
        event,
        metadata: {
          user_id: 'bench',
          correlation_id: randomUUID(),
          causation_id: null,
          at: new Date().toISOString(),
          scope: { locations: [id] },
        },
      };
    });
  });
}

/** Runs every writer's transactions concurrently; returns the seconds taken. */
async function runPlan(plan: Plan, transaction: (row: Row) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await Promise.all(
    plan.map(async (rows) => {
      for (const row of rows) await transaction(row);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** As handleCommand appends: one transaction, then the wake-up for subscribers. */
export const appendPlan = (sql: Pool, plan: Plan) =>
  runPlan(plan, (row) =>
    appendAndAnnounce(sql, {
      streamId: row.streamId,
      streamType: row.streamType,
      expectedVersion: row.expectedVersion,
      events: [row.event],
      metadata: row.metadata,
    }),
  );

export const insertPlanRaw = (sql: Pool, plan: Plan) =>
  runPlan(plan, (row) =>
    sql.begin(
      (tx) => tx`
        INSERT INTO raw_events (stream_id, stream_type, version, type, data, metadata)
        VALUES (${row.streamId}, ${row.streamType}, ${row.expectedVersion + 1}, ${row.event.type},
                ${tx.json(row.event.data as never)}, ${tx.json(row.metadata as never)})`,
    ),
  );

/** Flushes dirty pages so a checkpoint does not land in the middle of one measurement. */
async function settle(sql: Pool) {
  try {
    await sql`CHECKPOINT`;
  } catch {
    // Not a superuser on a given server: measure without it.
  }
}

export interface AppendResult {
  writers: number;
  follow?: boolean;
  transactions: number;
  appendPerSecond: number;
  rawPerSecond: number;
  /**
   * The median over the slices of append/raw, each slice's two runs back to back: less swayed by
   * a burst of other load on the machine than the ratio of the totals.
   */
  sliceRatio: number;
}

/**
 * For each writer count: append() and a raw INSERT of exactly the same rows, each row its own
 * transaction, after a short unmeasured warm-up that opens every connection. The two alternate
 * in `segments` slices so drift on the machine (checkpoints, other load) hits both alike.
 * The events are LocationUpdated on the existing location streams (`heads`), appended without
 * inline projections: this measures append() alone, so it runs after the rebuild.
 */
export async function benchAppends(
  sql: Pool,
  heads: { streamId: string; version: number }[],
  configurations: { writers: number; transactions: number; follow?: boolean }[],
  warmup: number,
  segments: number,
  progress: (line: string) => void,
): Promise<AppendResult[]> {
  const maxWriters = Math.max(...configurations.map((c) => c.writers));
  const warm = planAppends(heads, maxWriters, warmup, 1);
  await appendPlan(sql, warm);
  await insertPlanRaw(sql, warm);

  const results: AppendResult[] = [];
  for (const [i, { writers, transactions, follow }] of configurations.entries()) {
    progress(`append() and raw INSERT: ${transactions} single-event transactions each, ${writers} writer(s)${follow ? ', log followed' : ''}`);
    // A subscriber, as the live gateway runs one: handed this process's commits, reading the log
    // only above a hole, and waiting for a safe horizon for a hole that lasts; the raw INSERT
    // pays none of it.
    const follower = follow
      ? await subscribe(sql, { from: await safeHorizon(sql), handle: async () => undefined })
      : null;
    let appendSeconds = 0;
    let rawSeconds = 0;
    const ratios: number[] = [];
    for (let segment = 0; segment < segments; segment++) {
      const size =
        Math.floor((transactions * (segment + 1)) / segments) - Math.floor((transactions * segment) / segments);
      const plan = planAppends(heads, writers, size, 1000 * i + segment);
      // Each goes first in every other slice: whatever the one before leaves behind (garbage to
      // collect, dirty pages, WAL to flush) falls on both alike.
      const measure = async (run: (sql: Pool, plan: Plan) => Promise<number>) => {
        await settle(sql);
        return run(sql, plan);
      };
      let appended: number;
      let raw: number;
      if (segment % 2 === 1) {
        raw = await measure(insertPlanRaw);
        appended = await measure(appendPlan);
      } else {
        appended = await measure(appendPlan);
        raw = await measure(insertPlanRaw);
      }
      appendSeconds += appended;
      rawSeconds += raw;
      ratios.push(raw / appended);
    }
    await follower?.stop();
    results.push({
      writers,
      follow,
      transactions,
      appendPerSecond: transactions / appendSeconds,
      rawPerSecond: transactions / rawSeconds,
      sliceRatio: median(ratios),
    });
  }
  return results;
}
