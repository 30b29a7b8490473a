import { randomUUID } from 'node:crypto';
import { PREPARED } from './connect';
import type { Pool, StoredEvent } from './types';

/**
 * Channel woken after commits. The payload is the last position its sender committed, a space,
 * and the sender's mark (`senderMark`): a follower skips a wake-up from its own pool, whose
 * commits it was handed already.
 */
export const EVENTS_CHANNEL = 'events';

/** A NOTIFY's payload: the position it names, and the mark of the pool that sent it. */
export function notifyPayload(position: number, mark: string): string {
  return `${position} ${mark}`;
}

/** The position and sender's mark of a NOTIFY's payload; no mark for a bare position. */
export function readPayload(payload: string): { position: number; mark: string | undefined } {
  const [position, mark] = payload.split(' ');
  return { position: Number(position), mark };
}

/**
 * Under a steady stream of commits, the least time between two NOTIFYs of one process: a commit
 * reaches other processes' followers within about this long (plus NOTIFY_GRACE_MS when no
 * append takes the next NOTIFY along).
 */
export const NOTIFY_INTERVAL_MS = 5;

/**
 * How long past its turn a NOTIFY waits for an append to take it along (claimNotify) before it
 * goes out as a transaction of its own. Under load an append begins every millisecond or two.
 */
export const NOTIFY_GRACE_MS = 2;

/**
 * A NOTIFY of its own takes a transaction id (the queue entry carries one), so it commits like a
 * small append: a commit record, and a WAL flush that competes with the appends' own. It carries
 * only a wake-up, so it commits asynchronously: visible at once, flushed with the next append.
 * set_config(..., true) holds for this statement's own transaction.
 */
const NOTIFY_STATEMENT = `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`;

/**
 * One process's NOTIFYs on one pool. Other processes need one wake-up per burst of commits, not
 * one per commit, so at most one goes out per NOTIFY_INTERVAL_MS, naming the last position
 * committed by then (a follower reads the log from where it stands).
 *
 * The NOTIFY rides inside an append's own transaction when it can (`claim`): the first append
 * after a quiet interval carries it, as part of its INSERT, at no cost but a queue entry at its
 * commit. PostgreSQL serialises the commits of transactions that NOTIFY, which is why only one
 * append per interval carries it and the others commit as usual. Commits that no carried NOTIFY
 * named get one of its own once the interval and its grace have passed without a carrier.
 */
function createNotifier(sql: Pool) {
  const mark = randomUUID();
  /** The last position committed; the highest position a NOTIFY named (carried or sent). */
  let latest = 0;
  let named = 0;
  /** When the last NOTIFY was claimed by an append or sent. */
  let at = -Infinity;
  let sending = false;
  let timer: NodeJS.Timeout | undefined;

  const arm = (delay: number) => {
    timer = setTimeout(fire, Math.max(0, delay));
    timer.unref();
  };
  const fire = () => {
    timer = undefined;
    if (named >= latest) return;
    // An append claimed the turn meanwhile: its commit, or the next turn, names these commits.
    const wait = at + NOTIFY_INTERVAL_MS + NOTIFY_GRACE_MS - performance.now();
    if (wait > 0) return arm(wait);
    const payload = latest;
    at = performance.now();
    sending = true;
    const done = (sent: boolean) => {
      sending = false;
      if (sent) named = Math.max(named, payload);
      schedule();
    };
    sql.unsafe(NOTIFY_STATEMENT, [EVENTS_CHANNEL, notifyPayload(payload, mark)], PREPARED).then(() => done(true), () => done(false));
  };
  const schedule = () => {
    if (sending || timer || named >= latest) return;
    arm(at + NOTIFY_INTERVAL_MS + NOTIFY_GRACE_MS - performance.now());
  };
  return {
    mark,
    latest: () => latest,
    claim(): boolean {
      const now = performance.now();
      if (sending || now - at < NOTIFY_INTERVAL_MS) return false;
      at = now;
      return true;
    },
    committed(position: number, carried: number | undefined) {
      latest = Math.max(latest, position);
      if (carried !== undefined) named = Math.max(named, carried);
      schedule();
    },
  };
}

const notifiers = new WeakMap<Pool, ReturnType<typeof createNotifier>>();
const localWakers = new WeakMap<Pool, Set<(events: StoredEvent[]) => void>>();

function notifierOf(sql: Pool) {
  let notifier = notifiers.get(sql);
  if (!notifier) notifiers.set(sql, (notifier = createNotifier(sql)));
  return notifier;
}

/**
 * Whether the append about to run on `sql` should carry this process's NOTIFY: the pool's mark to
 * pass as AppendArgs.notify, at most once per NOTIFY_INTERVAL_MS; otherwise undefined. A carrier
 * that rolls back named nothing: the commits after it are still announced.
 */
export function claimNotify(sql: Pool): string | undefined {
  const notifier = notifierOf(sql);
  return notifier.claim() ? notifier.mark : undefined;
}

/**
 * Wakes every subscriber after a commit of `events`. Subscribers of this process are handed the
 * events at once, as the log holds them (JSON), without the database: they need not read back
 * what was just written. Other processes get a NOTIFY (see createNotifier); `carried` is the
 * position that the transaction's own NOTIFY named, when one of its appends carried it. A
 * wake-up lost to a crash between commit and notify costs a subscriber at most its poll
 * interval, never an event.
 */
export function announce(sql: Pool, events: StoredEvent[], carried?: number): void {
  if (events.length === 0) return;
  const wakers = localWakers.get(sql);
  if (wakers && wakers.size > 0) {
    const committed = JSON.parse(JSON.stringify(events)) as StoredEvent[];
    for (const wake of wakers) wake(committed);
  }
  let last = 0;
  for (const event of events) last = Math.max(last, event.position);
  notifierOf(sql).committed(last, carried);
}

/** The mark this process's NOTIFYs on `sql` carry (see EVENTS_CHANNEL). */
export function senderMark(sql: Pool): string {
  return notifierOf(sql).mark;
}

/** The last position this process committed (and announced) on `sql`; 0 before any. */
export function lastAnnounced(sql: Pool): number {
  return notifiers.get(sql)?.latest() ?? 0;
}

/**
 * Registers a wake-up called with the events when this process announces a commit on `sql`;
 * returns its removal. The events are shared between the wake-ups: read them, never change them.
 */
export function onLocalAnnounce(sql: Pool, wake: (events: StoredEvent[]) => void): () => void {
  let set = localWakers.get(sql);
  if (!set) localWakers.set(sql, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}
