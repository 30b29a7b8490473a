import type { Logger } from 'pino';
import { createPool } from '../../events/store/connect';

/**
 * Background work that must run on exactly one node (delivery of notifications, processes that
 * follow the log): each node calls runSingleton with the same name; the node whose connection
 * holds the PostgreSQL advisory lock of that name runs `work`, the others wait and try again.
 *
 * The lock is a session lock on the singleton's own connection, so it lives exactly as long as
 * that connection: a node that dies (process killed, machine gone, network cut) loses its connection,
 * PostgreSQL releases the lock, and the next node to try takes over. The holder checks its
 * connection every `checkMs`; if the check fails, or answers from another backend (the pool
 * reconnected behind our back), it no longer holds the lock, so its work is
 * aborted (the signal fires, `work` must return). Between the connection's loss and that check
 * another node may already have started: work that must happen once per item keeps its own
 * checkpoint or outbox row in the transaction that does the item, and the lock saves the nodes
 * from racing each other for it.
 */
export interface SingletonOptions {
  /** How often a waiting node tries for the lock and the holder checks its connection. */
  checkMs?: number;
  logger?: Logger;
}

export interface Singleton {
  /** True while this node holds the lock and runs the work. */
  running(): boolean;
  /** Aborts the work if it runs here, waits for it to return, releases the lock, stops trying. */
  stop(): Promise<void>;
}

/** The advisory lock's first key: the two-int key space, apart from the log's one-bigint locks. */
export const SINGLETON_CLASS = 7_340_100;

export function runSingleton(databaseUrl: string, name: string, work: (signal: AbortSignal) => Promise<void>, options: SingletonOptions = {}): Singleton {
  const checkMs = options.checkMs ?? 2_000;
  let stopped = false;
  let holding = false;
  let wake: (() => void) | null = null;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, checkMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // One connection, kept for this job alone: the session that holds the lock.
  const session = createPool(databaseUrl, { max: 1 });
  const backend = async () => (await session<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;

  /** One term: take the lock if free, run until stopped, finished, or the session is lost. */
  const term = async () => {
    const [row] = await session<{ held: boolean; pid: number }[]>`
      SELECT pg_try_advisory_lock(${SINGLETON_CLASS}, hashtext(${name})) AS held, pg_backend_pid() AS pid`;
    if (!row?.held) return;
    holding = true;
    options.logger?.info({ singleton: name }, 'running here');
    const abort = new AbortController();
    let finished = false;
    const running = work(abort.signal)
      .catch((error: unknown) => options.logger?.error({ err: error, singleton: name }, 'failed'))
      .finally(() => (finished = true));
    try {
      while (!stopped && !finished) {
        await Promise.race([pause(), running]);
        if (stopped || finished) break;
        if ((await backend().catch(() => null)) !== row.pid) {
          options.logger?.warn({ singleton: name }, 'lost its database session: stopping here');
          break;
        }
      }
    } finally {
      abort.abort();
      await running;
      holding = false;
      await session`SELECT pg_advisory_unlock(${SINGLETON_CLASS}, hashtext(${name}))`.catch(() => undefined);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      await term().catch((error: unknown) => options.logger?.warn({ err: error, singleton: name }, 'could not try for the lock'));
      if (!stopped) await pause();
    }
  })();

  return {
    running: () => holding,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await session.end({ timeout: 5 });
    },
  };
}
