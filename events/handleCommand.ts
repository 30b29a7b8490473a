import { randomUUID } from 'node:crypto';
import type { Actor } from '@shared/domain/access';
import { refusal, type Action } from '@shared/policy';
import type { Aggregate } from './decider';
import { announce, claimNotify } from './store/announce';
import { append, appendMany, lockAndReadStream, readStream, type AppendArgs } from './store/append';
import { ConcurrencyError, DomainError, isDeadlock, type ChangedSince } from './store/errors';
import { PREPARED } from './store/connect';
import { transaction as pipelinedTransaction, type CommitNow } from './store/transaction';
import type { EventMetadata, NewEvent, PendingEvent, Pool, StoredEvent, Tx } from './store/types';

/**
 * Runs the inline projections for events about to be appended, in the same transaction. It
 * resolves once the events' metadata is final (they may be appended); statements still in
 * flight then may be handed back as `written`, awaited after the append has gone out behind
 * them (their failure is the one reported).
 */
export type InlineProjector = (tx: Tx, events: PendingEvent[]) => Promise<void | { written: Promise<void> }>;

/**
 * An answer read as one statement, sent by the command itself right behind its append: nothing
 * of the caller's can run later on the transaction, so its COMMIT may follow at once.
 */
export interface AnswerStatement<V> {
  text: string;
  params: unknown[];
  map(rows: unknown[]): V;
}

export interface CommandContext {
  /** The acting user's id, or 'system'. */
  userId: string;
  /** The acting user's role and locations; commands by a user are checked against the policy table. */
  actor?: Actor;
  now: Date;
  correlationId?: string;
  causationId?: string | null;
  /** The policy action of the request that runs the command (its route's): used when the command names none. */
  action?: Action;
}

export interface CommandOptions<V = undefined> {
  /** The policy table's entry this command needs, when not the context's; one of them is required when the context names an actor. */
  action?: Action;
  /** The version the caller last saw; a mismatch is a ConcurrencyError (409), never retried. */
  expectedVersion?: number;
  /** Run inside this transaction (a seed, a multi-stream command) instead of a new one. */
  tx?: Tx;
  /**
   * Reads the answer inside the command's transaction, after its projections ran: the caller
   * sees exactly its own write, not a later one that committed in between. As one statement
   * (AnswerStatement), a last command's COMMIT goes out right behind it.
   */
  read?: ((tx: Tx) => Promise<V>) | AnswerStatement<V>;
  /**
   * Nothing follows this command in its transaction (`handle` alone always; in `transaction`,
   * said by the work that returns its result): with an answer of one statement or none, the
   * COMMIT goes out behind its append, and the transaction refuses any later statement.
   */
  last?: boolean;
}

export interface CommandResult<S, V = undefined> {
  state: S;
  version: number;
  events: StoredEvent[];
  view: V;
}

/**
 * Without a version from the caller, a lost race is retried against the newer state. Each lost
 * race means another write to the stream committed, so N concurrent writers of one stream all
 * succeed within N attempts.
 */
const RETRIES = 10;

/** How many folded stream states one process keeps (least recently used go first). */
const CACHED_STATES = 5_000;

/**
 * Advisory-lock class of per-stream write locks (two-key form, apart from the one-key locks of
 * migrations and of work that runs on one node). Writers of one stream queue here instead of
 * racing to a version conflict, so a write without a version always applies to the latest state;
 * writers of different streams never wait for each other.
 */
const STREAM_LOCK_CLASS = 7_340_003;

/** Checks the policy table; a refusal is a 403 that rolls the transaction back. */
function authorize(context: CommandContext, named: Action | undefined, locations: string[]) {
  if (!context.actor) return;
  const action = named ?? context.action;
  if (!action) throw new Error('A command by a user must name its policy action');
  const reason = refusal(context.actor, action, locations);
  if (reason) throw new DomainError(403, reason);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Who changed the stream after `expected`, and which fields: for a 409 that names them. */
async function changedSince(tx: Tx, streamId: string, expected: number): Promise<ChangedSince | undefined> {
  const events = await readStream(tx, streamId, expected);
  const last = events[events.length - 1];
  if (!last) return undefined;
  const fields = [...new Set(events.flatMap((e) => Object.keys((e.data ?? {}) as object)))].filter((f) => f !== 'id');
  return { version: last.version, user_id: last.metadata.user_id, at: last.metadata.at, fields };
}

/** What one transaction knows of the streams it wrote, and in bulk mode the appends it holds back. */
interface Scratch {
  states: Map<string, { version: number; state: unknown }>;
  deferred?: { args: AppendArgs; result: CommandResult<unknown, unknown> }[];
  /** The position named by the NOTIFY one of this transaction's appends carried (announce.ts). */
  carried?: number;
  /** Streams whose lock was asked for ahead of their command (`LockAhead`), with the events read once it was granted. */
  ahead?: Map<string, { after: number; newer: Promise<StoredEvent[]> }>;
  /** Sends the transaction's COMMIT now (pipelinedTransaction): for its last command, not in bulk mode. */
  commitNow?: CommitNow;
}

export interface CommandHandlerOptions {
  /**
   * Told of every transaction's events once it has committed, before the command returns: for
   * memory this process keeps that must not outlive a change it made itself (the users of
   * server/auth/userCache.ts).
   */
  onCommitted?: (events: StoredEvent[]) => void;
}

export function createCommandHandler(sql: Pool, project: InlineProjector, { onCommitted }: CommandHandlerOptions = {}) {
  const states = new Map<string, { version: number; state: unknown }>();
  /** Remembers a state once its events are committed; never a state a rollback could undo. */
  const remember = (streamId: string, version: number, state: unknown) => {
    states.delete(streamId);
    states.set(streamId, { version, state });
    if (states.size > CACHED_STATES) states.delete(states.keys().next().value!);
  };

  async function once<C, S, E extends NewEvent, V>(
    tx: Tx,
    aggregate: Aggregate<C, S, E>,
    id: string,
    command: C,
    context: CommandContext,
    options: CommandOptions<V>,
    scratch?: Scratch,
  ): Promise<CommandResult<S, V>> {
    const { expectedVersion } = options;
    const answer = options.read;
    const read = (): Promise<V> =>
      answer === undefined
        ? Promise.resolve(undefined as V)
        : typeof answer === 'function'
          ? answer(tx)
          : tx.unsafe(answer.text, answer.params as never[], PREPARED).then((rows) => answer.map(rows));
    const streamId = aggregate.streamId(id);
    // A stream this transaction already wrote: its lock is held and its state is known (in bulk
    // mode its events are not even in the table yet).
    const local = scratch?.states.get(streamId) as { version: number; state: S } | undefined;
    // Events never change, so a state folded earlier only needs the events written since: read
    // in the same round trip as the stream's lock is taken, once it is granted.
    const cached = local ?? (states.get(streamId) as { version: number; state: S } | undefined);
    const ahead = scratch?.ahead?.get(streamId);
    scratch?.ahead?.delete(streamId);
    const known = cached?.version ?? 0;
    // A lock taken ahead read the events after the version known then; the state held now may be
    // newer (its events are skipped), never older unless it was forgotten (then read again).
    const newer = local
      ? []
      : ahead && ahead.after <= known
        ? ((await ahead.newer) as (StoredEvent & E)[]).filter((e) => e.version > known)
        : await lockAndReadStream<E>(tx, STREAM_LOCK_CLASS, streamId, known);
    const base = cached ?? { version: 0, state: aggregate.decider.initialState };
    const version = newer.length === 0 ? base.version : newer[newer.length - 1]!.version;
    // An unknown stream is the decider's to refuse (404), not a conflict.
    if (expectedVersion !== undefined && version > 0 && expectedVersion !== version) {
      throw new ConcurrencyError(streamId, expectedVersion, await changedSince(tx, streamId, expectedVersion));
    }
    const state = newer.reduce(aggregate.decider.evolve, base.state);
    // The policy is checked against the row as it stands in this transaction: where it is now...
    const before = version > 0 ? aggregate.scope(id, state, state).locations : [];
    authorize(context, options.action, before);
    const decided = aggregate.decider.decide(command, state);
    if (decided.length === 0) return { state, version, events: [], view: await read() };

    for (const event of decided) aggregate.eventSchemas[event.type as E['type']].parse(event.data);
    const next = decided.reduce(aggregate.decider.evolve, state);
    // ...and where the command leaves it: a row changing location needs the move permission too.
    const after = aggregate.scope(id, next, next).locations;
    if (version > 0 && !sameSet(before, after)) authorize(context, `${aggregate.streamType}.move` as Action, [...before, ...after]);
    authorize(context, options.action, after);
    const metadata: EventMetadata = {
      user_id: context.userId,
      correlation_id: context.correlationId ?? randomUUID(),
      causation_id: context.causationId ?? null,
      at: context.now.toISOString(),
      scope: aggregate.scope(id, next, state),
    };
    const pending: PendingEvent[] = decided.map((event, i) => ({
      stream_id: streamId,
      stream_type: aggregate.streamType,
      version: version + i + 1,
      type: event.type,
      data: event.data,
      metadata,
    }));
    // Projections first, then the append: a reader's safe horizon waits on an append from its
    // insert to its commit only. Their writes may still be on their way: the append follows them
    // on the connection, and their answers are awaited before its own.
    const projected = await project(tx, pending);
    const written = projected ? projected.written : Promise.resolve();
    written.catch(() => undefined);
    const args: AppendArgs = { streamId, streamType: aggregate.streamType, expectedVersion: version, events: decided, metadata };
    scratch?.states.set(streamId, { version: version + decided.length, state: next });
    if (scratch?.deferred) {
      // Bulk: appended with everything else at the end; `events` is filled in then.
      const result: CommandResult<S, V> = { state: next, version: version + decided.length, events: [], view: await read() };
      scratch.deferred.push({ args, result: result as CommandResult<unknown, unknown> });
      return result;
    }
    // The first append of a transaction may carry the NOTIFY for other processes.
    const notify = scratch && scratch.carried === undefined ? claimNotify(sql) : undefined;
    // The answer's read goes out right behind the append, on the same connection, without waiting
    // for it: PostgreSQL runs the two in that order, so the read sees the append as before, one
    // round trip sooner. Should the append fail, its error is the one reported (the read's, a
    // transaction aborted, is left unawaited but handled). The last command of a transaction
    // whose answer is one statement (or none) sends COMMIT behind them: nothing can follow.
    const appended = append(tx, { ...args, notify });
    appended.catch(() => undefined);
    const view = read();
    view.catch(() => undefined);
    if (options.last && typeof answer !== 'function' && scratch?.commitNow) scratch.commitNow();
    await written;
    const events = await appended;
    if (scratch && notify !== undefined) scratch.carried = events[events.length - 1]!.position;
    return { state: next, version: version + decided.length, events, view: await view };
  }

  /** Remembers committed states and wakes subscribers, once a transaction has committed. */
  function committed(results: { streamId: string; result: CommandResult<unknown, unknown> }[], carried: number | undefined) {
    for (const { streamId, result } of results) remember(streamId, result.version, result.state);
    const events = results.flatMap(({ result }) => result.events);
    onCommitted?.(events);
    announce(sql, events, carried);
  }

  /**
   * Runs several commands (on one or more streams) in one transaction: all of them commit or
   * none. `run` is `handleCommand` bound to the transaction; `tx` is the transaction itself, for
   * reads that a rule spanning streams needs. A lost race is retried from the start unless a
   * command named an expected version (then it is a 409).
   *
   * `bulk`: for thousands of commands in one transaction (an import). Their events are appended
   * together at the end, so a safe horizon (which the live gateway waits on to settle a hole)
   * waits for one insert and its commit instead of the whole run: other users' pushes do not
   * wait for the import. A command's result then has its `events` only after the commit.
   *
   * `lockAhead` takes a stream's lock (and reads its new events) before the work's own reads,
   * in the same round trip as they go, for the command on that stream that follows them.
   */
  async function transaction<T>(work: (run: RunInTransaction, tx: Tx, lockAhead: LockAhead) => Promise<T>, { bulk = false }: { bulk?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const results: { streamId: string; result: CommandResult<unknown, unknown> }[] = [];
      let pinned = false;
      let carried: number | undefined;
      try {
        const value = (await pipelinedTransaction(sql, async (tx, commitNow) => {
          const scratch: Scratch = { states: new Map(), deferred: bulk ? [] : undefined, ahead: new Map(), commitNow: bulk ? undefined : commitNow };
          const lockAhead: LockAhead = (aggregate, id) => {
            const streamId = aggregate.streamId(id);
            if (scratch.states.has(streamId) || scratch.ahead!.has(streamId)) return;
            const after = states.get(streamId)?.version ?? 0;
            const newer = lockAndReadStream(tx, STREAM_LOCK_CLASS, streamId, after);
            newer.catch(() => undefined);
            scratch.ahead!.set(streamId, { after, newer });
          };
          const value = await work(async (aggregate, id, command, context, options = {}) => {
            pinned ||= options.expectedVersion !== undefined;
            const result = await once(tx, aggregate, id, command, context, options, scratch);
            results.push({ streamId: aggregate.streamId(id), result: result as CommandResult<unknown, unknown> });
            return result;
          }, tx, lockAhead);
          if (scratch.deferred && scratch.deferred.length > 0) {
            const stored = await appendMany(tx, scratch.deferred.map((d) => d.args));
            scratch.deferred.forEach((d, i) => (d.result.events = stored[i]!));
          }
          carried = scratch.carried;
          return value;
        })) as T;
        committed(results, carried);
        return value;
      } catch (error) {
        // A deadlock (two commands locking the same streams in opposite orders): retried.
        const deadlock = isDeadlock(error);
        if (!(deadlock || (error instanceof ConcurrencyError && !pinned)) || attempt >= RETRIES) throw error;
      }
    }
  }

  /** Load, fold, decide, project and append, all in one transaction. */
  async function handleCommand<C, S, E extends NewEvent, V = undefined>(
    aggregate: Aggregate<C, S, E>,
    id: string,
    command: C,
    context: CommandContext,
    options: CommandOptions<V> = {},
  ): Promise<CommandResult<S, V>> {
    if (options.tx) return once(options.tx, aggregate, id, command, context, { ...options, last: false });
    return transaction((run) => run(aggregate, id, command, context, { ...options, last: true }));
  }

  return Object.assign(handleCommand, { transaction });
}

/**
 * Asks for a stream's write lock now, without waiting: the command that follows on that stream
 * uses the lock and the events read with it, so reads the work makes first share its round trip.
 */
export type LockAhead = (aggregate: { streamId(id: string): string }, id: string) => void;

/** handleCommand inside a transaction that `transaction` opened. */
export type RunInTransaction = <C, S, E extends NewEvent, V = undefined>(
  aggregate: Aggregate<C, S, E>,
  id: string,
  command: C,
  context: CommandContext,
  options?: Omit<CommandOptions<V>, 'tx'>,
) => Promise<CommandResult<S, V>>;

export type HandleCommand = ReturnType<typeof createCommandHandler>;
