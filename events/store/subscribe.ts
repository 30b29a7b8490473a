import { EVENTS_CHANNEL, onLocalAnnounce, readPayload, senderMark } from './announce';
import { readAll, safeHorizon } from './append';
import type { Pool, StoredEvent } from './types';

export interface SubscriptionOptions {
  /** Deliver events after this position (exclusive). */
  from: number;
  /** Called with each batch, in log order; the next batch waits for it to settle. */
  handle: (events: StoredEvent[]) => Promise<void>;
  batchSize?: number;
  /** A safety net for a lost notification (for example across a reconnect). */
  pollMs?: number;
  /**
   * How long a hole in the positions may stay before the safe horizon settles it (see `settled`):
   * an append in flight fills its hole when it commits, a rolled-back one never does.
   */
  gapMs?: number;
  onError?: (error: unknown) => void;
  /** Called when a look succeeds after one failed (the database is back). */
  onRecover?: () => void;
}

export interface Subscription {
  /** The last position handed to `handle` and settled. */
  position(): number;
  /** Resolves once every event up to `position` (default: the log's head at call time) is handled. */
  waitFor(position: number): Promise<void>;
  stop(): Promise<void>;
}

/** Waited for a hole in the positions before the safe horizon settles it. */
const GAP_MS = 10;
/** Events of this process's commits kept for delivery without a read of the log. */
const LOCAL_MAX = 10_000;

/**
 * The events of `batch` (read in position order after `from`) that follow `from` without a
 * hole: each position there is taken by a committed row, so nothing can still appear among them.
 */
export function contiguous(batch: StoredEvent[], from: number): StoredEvent[] {
  let end = 0;
  while (end < batch.length && batch[end]!.position === from + end + 1) end++;
  return end === batch.length ? batch : batch.slice(0, end);
}

/**
 * Follows the log: LISTEN (or a commit of this process, with its events) wakes it, then it
 * catches up from its position in batches, and never skips a row that commits late nor repeats
 * one. Positions are drawn before commit and transactions commit out of order, so a committed row
 * may sit above a hole: a position drawn by an append still in flight (it will fill it) or by one
 * that rolled back (never filled). Events that follow the last delivered one without a hole are
 * delivered at once, without a lock: every position up to them is taken. Those this process
 * committed itself are not even read back. Above a hole it waits for the commit that fills it; a
 * hole still open after `gapMs` is settled with the safe horizon (`safeHorizon` in append.ts:
 * once every append in flight at that moment has ended, a hole below the sequence's last value
 * stays one). That wait holds no append up.
 */
export async function subscribe(sql: Pool, options: SubscriptionOptions): Promise<Subscription> {
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 1000;
  const gapMs = options.gapMs ?? GAP_MS;
  let position = options.from;
  let running = true;
  let wake: (() => void) | null = null;
  // A wake-up that came while a batch was being read or handled: look again before sleeping.
  let pending = false;
  // Whether the next look reads the log: after a NOTIFY, a timer, a waitFor, a full batch. This
  // process's own commits are handed over; one that finds a position below it still missing
  // does not read (that position's commit wakes the follower, or its age settles it).
  let readWanted = true;
  let timer: NodeJS.Timeout | undefined;
  const waiters: { position: number; resolve: () => void }[] = [];
  /** The first missing position above `position`, and since when it has been missing. */
  let hole: { position: number; since: number } | null = null;

  const poke = () => {
    const w = wake;
    wake = null;
    if (w) w();
    else pending = true;
  };
  // A NOTIFY carries the last position its sender committed: one at or below the position
  // reached needs no new look, nor one from this pool, whose commits are handed over (`local`).
  const own = senderMark(sql);
  const listener = await sql.listen(EVENTS_CHANNEL, (payload) => {
    const heard = readPayload(payload);
    if (heard.mark === own || heard.position <= position) return;
    readWanted = true;
    poke();
  });
  // Events this process committed, by position, until delivered: those that follow the position
  // reached without a hole go to `handle` without reading the log. Beyond LOCAL_MAX the log is read.
  const local = new Map<number, StoredEvent>();
  // Handed on once the commits that complete in the same turn of the event loop (several
  // writers' answers are read in one) are all here: one look for them, not one per commit.
  let handing: NodeJS.Immediate | null = null;
  const stopLocal = onLocalAnnounce(sql, (events) => {
    for (const event of events) if (event.position > position && local.size < LOCAL_MAX) local.set(event.position, event);
    handing ??= setImmediate(() => {
      handing = null;
      poke();
    });
  });

  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.position <= position) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  /** What may be delivered now of the events after `position`; `full`: there may be more. */
  const next = async (): Promise<{ events: StoredEvent[]; full: boolean }> => {
    const handed: StoredEvent[] = [];
    for (let event = local.get(position + 1); event && handed.length < batchSize; event = local.get(event.position + 1)) handed.push(event);
    if (handed.length > 0) {
      hole = null;
      return { events: handed, full: local.has(handed[handed.length - 1]!.position + 1) };
    }
    if (!readWanted) {
      // Own commits above a missing position: wait for it, from when it was first seen missing.
      if (local.size > 0 && hole?.position !== position + 1) hole = { position: position + 1, since: performance.now() };
      return { events: [], full: false };
    }
    readWanted = false;
    const batch = await readAll(sql, position, batchSize);
    const ready = contiguous(batch, position);
    if (ready.length === batch.length) {
      hole = null;
      readWanted = batch.length === batchSize;
      return { events: ready, full: readWanted };
    }
    const missing = (ready[ready.length - 1]?.position ?? position) + 1;
    if (hole?.position !== missing) hole = { position: missing, since: performance.now() };
    if (performance.now() - hole.since < gapMs) return { events: ready, full: false };
    hole = null;
    const settled = await readAll(sql, position, batchSize, await safeHorizon(sql));
    readWanted = settled.length === batchSize;
    return { events: settled, full: readWanted };
  };

  /** Above a hole, look again once it is old enough to settle, if no commit wakes us first. */
  const sleepMs = () => (hole ? Math.max(1, gapMs - (performance.now() - hole.since)) : pollMs);

  // Whether the last look failed: the next one that succeeds is a recovery.
  let failing = false;
  const loop = (async () => {
    while (running) {
      pending = false;
      try {
        const { events, full } = await next();
        if (events.length > 0) {
          await options.handle(events);
          position = events[events.length - 1]!.position;
          for (const at of local.keys()) if (at <= position) local.delete(at);
          settleWaiters();
        }
        if (failing) {
          failing = false;
          options.onRecover?.();
        }
        if (full) continue;
      } catch (error) {
        readWanted = true;
        failing = true;
        options.onError?.(error);
      }
      if (!running) break;
      if (pending) continue;
      const sleep = sleepMs();
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(() => {
          readWanted = true;
          poke();
        }, sleep).unref();
      });
      clearTimeout(timer);
    }
  })();

  return {
    position: () => position,
    waitFor(target: number) {
      if (target <= position) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters.push({ position: target, resolve });
        readWanted = true;
        poke();
      });
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      if (handing) clearImmediate(handing);
      poke();
      await loop;
      stopLocal();
      await listener.unlisten().catch(() => undefined);
      for (const w of waiters.splice(0)) w.resolve();
    },
  };
}
