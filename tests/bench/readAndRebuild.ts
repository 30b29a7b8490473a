import { pipeline } from 'node:stream/promises';
import { headPosition, readAll } from '../../events/store/append';
import type { Pool } from '../../events/store/types';
import { rebuild } from '../../projections/registry';

export interface Throughput {
  events: number;
  seconds: number;
  perSecond: number;
}

const throughput = (events: number, started: number): Throughput => {
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds, perSecond: events / seconds };
};

/** Reads the whole log with readAll() in batches, from position 0 to the head. */
export async function benchReadAll(sql: Pool, batch: number): Promise<Throughput> {
  const head = await headPosition(sql);
  const started = performance.now();
  let position = 0;
  let events = 0;
  for (;;) {
    const rows = await readAll(sql, position, batch);
    if (rows.length === 0) break;
    events += rows.length;
    position = rows[rows.length - 1]!.position;
  }
  const result = throughput(events, started);
  if (position !== head) throw new Error(`readAll stopped at ${position}, the head is ${head}`);
  return result;
}

async function count(sql: Pool, query: string): Promise<number> {
  const [row] = await sql.unsafe<{ n: number }[]>(query);
  return row?.n ?? 0;
}

/**
 * Times rebuild() of every projection, then checks the read models really match the log, so
 * a rebuild that skipped work can never print a figure.
 */
export async function benchRebuild(
  sql: Pool,
  expected: { events: number; locations: number; users: number; offices: number },
): Promise<Throughput> {
  const started = performance.now();
  const replayed = await rebuild(sql);
  const result = throughput(replayed, started);

  if (replayed !== expected.events) throw new Error(`rebuild replayed ${replayed} events, expected ${expected.events}`);
  const locations = await count(sql, 'SELECT count(*)::int AS n FROM locations');
  if (locations !== expected.locations) {
    throw new Error(`locations has ${locations} rows after rebuild, expected ${expected.locations}`);
  }
  const users = await count(sql, 'SELECT count(*)::int AS n FROM users');
  if (users !== expected.users) {
    throw new Error(`users has ${users} rows after rebuild, expected ${expected.users}`);
  }
  const offices = await count(sql, 'SELECT count(*)::int AS n FROM offices');
  if (offices !== expected.offices) throw new Error(`offices has ${offices} rows after rebuild, expected ${expected.offices}`);
  // Every row must carry its stream's head version, i.e. every event reached it.
  const current = await count(
    sql,
    `SELECT count(*)::int AS n FROM (
       SELECT 'location-' || id AS stream_id, version FROM locations
       UNION ALL SELECT 'user-' || id, version FROM users
       UNION ALL SELECT 'office-' || id, version FROM offices
     ) r
     JOIN (SELECT stream_id, max(version) AS version FROM events GROUP BY stream_id) e
       ON e.stream_id = r.stream_id AND e.version = r.version`,
  );
  if (current !== locations + users + offices) {
    throw new Error(`${locations + users + offices - current} read-model rows lag behind their stream after rebuild`);
  }
  // Each office's history has exactly one open stretch.
  const open = await count(sql, 'SELECT count(*)::int AS n FROM office_history WHERE valid_to IS NULL');
  if (open !== offices) throw new Error(`office_history has ${open} open stretches after rebuild, expected ${offices}`);
  return result;
}

/**
 * The reference for a rebuild: the log's rows copied out and into a table of the same columns
 * with COPY, no projection at all (PostgreSQL's fastest path for moving rows), same run.
 */
export async function benchCopy(sql: Pool): Promise<Throughput> {
  await sql`DROP TABLE IF EXISTS copied_events`;
  await sql`CREATE TABLE copied_events (LIKE events INCLUDING DEFAULTS)`;
  try {
    const started = performance.now();
    const [from, to] = await Promise.all([sql.reserve(), sql.reserve()]);
    try {
      const out = await from`COPY (SELECT * FROM events ORDER BY position) TO STDOUT`.readable();
      const into = await to`COPY copied_events FROM STDIN`.writable();
      await pipeline(out, into);
    } finally {
      from.release();
      to.release();
    }
    return throughput(await count(sql, 'SELECT count(*)::int AS n FROM copied_events'), started);
  } finally {
    await sql`DROP TABLE IF EXISTS copied_events`;
  }
}
