import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Pool } from '../../events/store/types';

export interface LimiterOptions {
  /** Names the counter; keys of different limiters never meet. */
  keyPrefix: string;
  points: number;
  /** Seconds a counter lives from its first point. */
  duration: number;
}

/** Makes rate-limiter-flexible limiters on one store: PostgreSQL in the server, memory in unit tests. */
export type LimiterStore = (options: LimiterOptions) => RateLimiterAbstract;

/** Counters in this process only: gone on restart, not seen by other nodes. */
export const memoryLimits: LimiterStore = (options) => new RateLimiterMemory(options);

/** The table the versioned migration creates (server/db/migrations/0002_rate_limits.sql). */
const TABLE = 'rate_limits';

/**
 * The little of node-postgres's client the library's PostgreSQL store calls (`query` with text and
 * values, answering rows and rowCount), served by the app's postgres.js pool: no second pool, and
 * its errors are the pool's own, so a database out of reach answers 503 like any other query.
 */
function queryClient(sql: Pool) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[], { prepare: true });
      return { rows, rowCount: rows.count };
    },
  };
}

/**
 * Counters in PostgreSQL, so every node on the database shares them and a restart keeps them.
 * Each consume is one upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), atomic across nodes.
 * The table comes from a migration, so the library is told not to create it.
 */
export function postgresLimits(sql: Pool): LimiterStore {
  const storeClient = queryClient(sql);
  // Each limiter would delete the whole table's expired rows every five minutes; one is enough.
  let sweeper = true;
  return (options) => {
    const clearExpiredByTimeout = sweeper;
    sweeper = false;
    return new RateLimiterPostgres({ ...options, storeClient, storeType: 'client', tableName: TABLE, tableCreated: true, clearExpiredByTimeout });
  };
}
