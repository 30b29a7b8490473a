import net from 'node:net';
import postgres from 'postgres';
import { socketTarget } from './socketTarget';
import type { Pool } from './types';

export interface PoolOptions {
  max?: number;
  /** Receives Postgres notices; they are silenced by default. */
  onnotice?: (notice: postgres.Notice) => void;
}

/**
 * A TCP socket with Nagle's algorithm off, handed to postgres.js before it has connected: writes
 * queue until it does, and a refused connection reaches postgres.js as the socket's own 'error'
 * and 'close', so the pooled connection is closed and tried again on next use. (Waiting for
 * 'connect' here and rejecting instead leaves postgres.js with a connection it never frees: after
 * as many failures as the pool holds, every query would wait forever.)
 */
function noDelaySocket(options: { host: string[]; port: number[]; path?: string }): net.Socket {
  return oneWritePerBatch(
    options.path ? net.connect({ path: options.path }) : net.connect({ host: options.host[0], port: options.port[0]!, noDelay: true }),
  );
}

/** postgres.js writes what it has gathered as soon as it reaches this many bytes (connection.js `write`). */
const EARLY_FLUSH_BYTES = 1024;
/** Past this much held back, the batch goes out at once (a rebuild's pipeline of thousands). */
const HELD_AT_MOST = 64 * 1024;

/**
 * One system call per batch of statements sent in one turn. postgres.js gathers the statements
 * of a turn and writes them on setImmediate, but writes early whenever it has gathered 1 KB: a
 * command's writes and append (a few KB) went out in three or four writes, each a system call
 * and a wake-up of the database's process, about a third of the server's CPU. An early write
 * corks the socket; the batch's last part (the smaller write postgres.js makes on setImmediate)
 * uncorks it, and the kernel gets the whole batch at once. Should no smaller part follow, the
 * socket is uncorked a turn later all the same.
 */
function oneWritePerBatch(socket: net.Socket): net.Socket {
  const write = socket.write.bind(socket) as (chunk: Uint8Array, callback?: (error?: Error | null) => void) => boolean;
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    socket.uncork();
  };
  socket.write = ((chunk: Uint8Array, callback?: (error?: Error | null) => void) => {
    if (!corked) {
      if (chunk.length < EARLY_FLUSH_BYTES) return write(chunk, callback);
      corked = true;
      socket.cork();
      setImmediate(() => setImmediate(uncork));
      return write(chunk, callback);
    }
    const written = write(chunk, callback);
    if (chunk.length < EARLY_FLUSH_BYTES || socket.writableLength >= HELD_AT_MOST) uncork();
    return written;
  }) as typeof socket.write;
  return socket;
}

/**
 * postgres.js on `url`, over the Unix-domain socket its `?host=/directory` names if any (see
 * socketTarget). Every connection made from a URL goes through here.
 */
export function openSql(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const target = socketTarget(url);
  return postgres(target.url, target.host ? { ...options, host: target.host } : options);
}

/**
 * Opens a postgres.js pool. Positions are bigint in the database and plain numbers here:
 * 2^53 events is far beyond any office operator's lifetime.
 */
export function createPool(url: string, options: PoolOptions = {}): Pool {
  return openSql(url, {
    max: options.max ?? 10,
    // While the database is out of reach a request waits at most this long (seconds) for a
    // connection before its 503 (postgres.js's default is 30).
    connect_timeout: 5,
    // Options postgres.js supports but does not declare in its types.
    ...({
      // A rebuild pipelines a whole batch of projection statements on one connection; the
      // default depth of 100 would make it wait on round trips (see projections/engine/replay.ts).
      max_pipeline: 10_000,
      // postgres.js leaves Nagle's algorithm on; small writes then wait on delayed ACKs (tens of
      // milliseconds at the tail). Every TCP connection turns it off.
      socket: noDelaySocket,
      // Pause before a failed connection is tried again, in seconds: doubling from 0.1 to 2.
      // postgres.js's default grows to 20 s, so the app would stay down that long after the
      // database came back, and queued requests would wait out the pauses before their 503.
      backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 2),
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
  });
}

/**
 * Options for `sql.unsafe` queries built from constant text: prepared and reused, so each call
 * after the first is one round trip (an unprepared query with parameters costs two).
 */
export const PREPARED = { prepare: true } as const;
