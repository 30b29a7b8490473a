import net from 'node:net';
import postgres from 'postgres';
import type { Pool } from './types';

export interface PoolOptions {
  max?: number;
  /** Receives Postgres notices; they are silenced by default. */
  onnotice?: (notice: postgres.Notice) => void;
}

/**
 * Opens a postgres.js pool. Positions are bigint in the database and plain numbers here:
 * 2^53 events is far beyond any office operator's lifetime.
 */
function noDelaySocket(options: { host: string[]; port: number[]; path?: string }): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.path
      ? net.connect({ path: options.path })
      : net.connect({ host: options.host[0], port: options.port[0]!, noDelay: true });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

export function createPool(url: string, options: PoolOptions = {}): Pool {
  return postgres(url, {
    max: options.max ?? 10,
    // Options postgres.js supports but does not declare in its types.
    ...({
      // A rebuild pipelines a whole batch of projection statements on one connection; the
      // default depth of 100 would make it wait on round trips (see projections/replay.ts).
      max_pipeline: 10_000,
      // postgres.js leaves Nagle's algorithm on; small writes then wait on delayed ACKs (tens of
      // milliseconds at the tail). Every TCP connection turns it off.
      socket: noDelaySocket,
    } as object),
    onnotice: options.onnotice ?? (() => undefined),
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  }) as unknown as Pool;
}

/**
 * Options for `sql.unsafe` queries built from constant text: prepared and reused, so each call
 * after the first is one round trip (an unprepared query with parameters costs two).
 */
export const PREPARED = { prepare: true } as const;
