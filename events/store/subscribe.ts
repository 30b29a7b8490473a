import { EVENTS_CHANNEL, onLocalAnnounce, readAll, safeHorizon } from './append';
import type { Pool, StoredEvent } from './types';

export interface SubscriptionOptions {
  /** Deliver events after this position (exclusive). */
  from: number;
  /** Called with each batch, in log order; the next batch waits for it to settle. */
  handle: (events: StoredEvent[]) => Promise<void>;
  batchSize?: number;
  /** A safety net for a lost notification (for example across a reconnect). */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** The last position handed to `handle` and settled. */
  position(): number;
  /** Resolves once every event up to `position` (default: the log's head at call time) is handled. */
  waitFor(position: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the log: LISTEN wakes it, then it catches up from its position in batches, never
 * past the safe horizon (see APPEND_LOCK in append.ts), so it never skips a row that commits
 * late and never repeats one.
 */
export async function subscribe(sql: Pool, options: SubscriptionOptions): Promise<Subscription> {
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 1000;
  let position = options.from;
  let running = true;
  let wake: (() => void) | null = null;
  // A wake-up that came while a batch was being read or handled: look again before sleeping.
  let pending = false;
  const waiters: { position: number; resolve: () => void }[] = [];

  const poke = () => {
    const w = wake;
    wake = null;
    if (w) w();
    else pending = true;
  };
  const listener = await sql.listen(EVENTS_CHANNEL, poke);
  const stopLocal = onLocalAnnounce(sql, poke);

  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.position <= position) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  const loop = (async () => {
    while (running) {
      pending = false;
      try {
        const batch = await readAll(sql, position, batchSize, await safeHorizon(sql));
        if (batch.length > 0) {
          await options.handle(batch);
          position = batch[batch.length - 1]!.position;
          settleWaiters();
          if (batch.length === batchSize) continue;
        }
      } catch (error) {
        options.onError?.(error);
      }
      if (!running) break;
      if (pending) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(poke, pollMs).unref();
      });
    }
  })();

  return {
    position: () => position,
    waitFor(target: number) {
      if (target <= position) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters.push({ position: target, resolve });
        poke();
      });
    },
    async stop() {
      running = false;
      poke();
      await loop;
      stopLocal();
      await listener.unlisten().catch(() => undefined);
      for (const w of waiters.splice(0)) w.resolve();
    },
  };
}
