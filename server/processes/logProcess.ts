import type { Logger } from 'pino';
import type { HandleCommand, RunInTransaction } from '../../events/handleCommand';
import { safeHorizon } from '../../events/store/append';
import { subscribe } from '../../events/store/subscribe';
import type { Pool, StoredEvent, Tx } from '../../events/store/types';
import { runSingleton, type Singleton } from '../cluster/singleton';

/**
 * A process that follows the log and acts on events exactly once: notification delivery, the
 * signing process, anything that must react to what happened rather than to a request.
 *
 * - It runs on one node at a time (runSingleton: an advisory lock, taken over when a node dies).
 * - It reads the log gap-safely from its own checkpoint (subscribe: never past the safe horizon).
 * - Each event it acts on is handled in one transaction that also moves its checkpoint, so the
 *   event's effects and "done" commit together: a crash before the commit redoes the event, a
 *   crash after it never does. The checkpoint row is locked and compared inside that
 *   transaction, so even two nodes briefly running the process at once (the lock's holder has
 *   not yet noticed it lost its connection) cannot both act on one event.
 */
export interface LogProcess {
  /** Names the checkpoint row and the one-node lock; never rename a process that has run. */
  name: string;
  /** The event types it acts on; the checkpoint moves past the others without a transaction each. */
  types: readonly string[];
  /**
   * Where a process that has never run starts: the whole log, or only what is appended after
   * its first start (a notifier must not announce years of history the day it is switched on).
   */
  from: 'beginning' | 'now';
  /**
   * Acts on one event. `run` is handleCommand bound to the transaction, `tx` the transaction;
   * throwing rolls the event's effects and its checkpoint back, and the event is tried again
   * after a pause (a failure that will never pass should be recorded, not thrown).
   */
  act(event: StoredEvent, run: RunInTransaction, tx: Tx): Promise<void>;
  /**
   * Whether `act` could do anything for this event, read outside a transaction: false only when
   * what decides it is fixed by the log before the event (the same answer on every redo, on any
   * node), so the event is passed over as events of other types are, without a transaction of
   * its own. Without it, every event of `types` gets its transaction.
   */
  relevant?(event: StoredEvent, sql: Pool): Promise<boolean>;
}

export interface LogProcessDeps {
  databaseUrl: string;
  sql: Pool;
  handle: HandleCommand;
  logger?: Logger;
}

export interface LogProcessOptions {
  /** How often a waiting node tries for the lock (and the holder checks its connection). */
  checkMs?: number;
  /** How soon a failed event is tried again, and the safety net for a lost notification. */
  pollMs?: number;
}

export interface RunningProcess extends Singleton {
  /** The last position this node settled while running the process (0 before it ran here). */
  position(): number;
}

/** The checkpoint's name: apart from any other consumer's. */
const checkpointOf = (process: LogProcess) => `process:${process.name}`;

/** Creates the checkpoint on first run, at the log's start or its current safe horizon. */
async function startingPosition(sql: Pool, process: LogProcess): Promise<number> {
  const name = checkpointOf(process);
  const first = process.from === 'now' ? await safeHorizon(sql) : 0;
  await sql`INSERT INTO checkpoints (name, position) VALUES (${name}, ${first}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ position: number }[]>`SELECT position FROM checkpoints WHERE name = ${name}`;
  return Number(row?.position ?? first);
}

/**
 * Acts on one batch: each wanted event in its own transaction. Moving the checkpoint past the
 * rest is left to `passOver` (it may wait: an event passed over again after a restart is passed
 * over again).
 */
async function handleBatch(deps: LogProcessDeps, process: LogProcess, wanted: ReadonlySet<string>, batch: StoredEvent[], signal: AbortSignal) {
  const name = checkpointOf(process);
  for (const event of batch) {
    if (signal.aborted) throw new Error(`process ${process.name} stopped`);
    if (!wanted.has(event.type)) continue;
    if (process.relevant && !(await process.relevant(event, deps.sql))) continue;
    await deps.handle.transaction(async (run, tx) => {
      const [row] = await tx<{ position: number }[]>`SELECT position FROM checkpoints WHERE name = ${name} FOR UPDATE`;
      if (Number(row?.position ?? 0) >= event.position) return; // another node did it already
      await process.act(event, run, tx);
      await tx`UPDATE checkpoints SET position = ${event.position}, updated_at = now() WHERE name = ${name}`;
    });
  }
}

/** How often at most the checkpoint moves past events the process passed over: each move is a commit. */
const PASS_OVER_MS = 1_000;

/**
 * Moves the checkpoint past passed-over events (other types, or not relevant), at most once per
 * PASS_OVER_MS: under a stream of events a process does not act on, one commit a second instead
 * of one per batch. Until then a restart reads those events again and passes over them again.
 */
function passingOver(deps: LogProcessDeps, process: LogProcess) {
  const name = checkpointOf(process);
  let written = 0;
  let due = 0;
  let timer: NodeJS.Timeout | undefined;
  const write = async () => {
    timer = undefined;
    const last = due;
    written = performance.now();
    await deps.sql`UPDATE checkpoints SET position = ${last}, updated_at = now() WHERE name = ${name} AND position < ${last}`;
  };
  const report = (error: unknown) => deps.logger?.warn({ err: error, process: process.name }, 'could not move the checkpoint past passed-over events');
  return {
    /** Every event up to `position` has been handled. */
    async reached(position: number) {
      due = position;
      if (timer) return;
      const wait = PASS_OVER_MS - (performance.now() - written);
      if (wait <= 0) return write();
      timer = setTimeout(() => void write().catch(report), wait);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Starts the process on whichever node gets its lock first; the others stand by to take over. */
export function startLogProcess(deps: LogProcessDeps, process: LogProcess, options: LogProcessOptions = {}): RunningProcess {
  const wanted = new Set(process.types);
  let position = 0;
  const singleton = runSingleton(
    deps.databaseUrl,
    `log-process:${process.name}`,
    async (signal) => {
      const from = await startingPosition(deps.sql, process);
      position = from;
      const passOver = passingOver(deps, process);
      const subscription = await subscribe(deps.sql, {
        from,
        pollMs: options.pollMs ?? 1_000,
        handle: async (batch) => {
          await handleBatch(deps, process, wanted, batch, signal);
          position = batch[batch.length - 1]!.position;
          await passOver.reached(position);
        },
        onError: (error) => {
          if (!signal.aborted) deps.logger?.error({ err: error, process: process.name }, 'failed to act on an event; trying again');
        },
      });
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await subscription.stop();
      passOver.stop();
    },
    { checkMs: options.checkMs, logger: deps.logger },
  );
  return Object.assign(singleton, { position: () => position });
}
