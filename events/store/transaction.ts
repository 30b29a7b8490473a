import type { Pool, Tx } from './types';

const ignore = () => undefined;

/**
 * Sends the transaction's COMMIT now, right behind the statements already sent, instead of
 * once the work has resolved: one round trip sooner. Only for work whose last statement has
 * gone out and that fails from here on only by a statement's failure (PostgreSQL then answers
 * the COMMIT with ROLLBACK): any statement sent on the transaction afterwards is refused.
 */
export type CommitNow = () => void;

/**
 * Runs `work` in a transaction whose BEGIN goes out with its first statement, one round trip
 * sooner than postgres.js's `sql.begin`, which waits for BEGIN's answer before it runs the work.
 * Statements on one connection run in the order sent, so the work is inside the transaction as
 * with `sql.begin`; it commits if the work resolves and rolls back if it throws. COMMIT goes out
 * once the work has resolved, or earlier when the work calls `commitNow` (see CommitNow): it
 * cannot go out behind the work's statements by itself, since a statement the work issues after
 * an await of its own would then run after it, outside the transaction. Once COMMIT is sent, the
 * transaction refuses statements (they fail), rather than run them outside it or, after the
 * connection went back to the pool, inside another.
 *
 * The connection is reserved from the pool for the transaction. It goes back only once a COMMIT
 * or ROLLBACK has been answered: a connection that broke meanwhile is left to postgres.js, which
 * has closed it and opens it anew on a later query.
 */
export async function transaction<T>(sql: Pool, work: (tx: Tx, commitNow: CommitNow) => Promise<T>): Promise<T> {
  const reserved = await sql.reserve();
  let committing: Promise<{ command: string }> | undefined;
  const refuse = () => {
    if (committing) throw new Error('A statement was sent after its transaction\'s COMMIT');
  };
  const unsafe: typeof reserved.unsafe = (...args) => {
    refuse();
    return reserved.unsafe(...args);
  };
  const tx = new Proxy(reserved, {
    apply(target, self, args: unknown[]) {
      refuse();
      return Reflect.apply(target, self, args) as unknown;
    },
    get: (target, key) => (key === 'unsafe' ? unsafe : Reflect.get(target, key)),
  }) as unknown as Tx;
  const commitNow = () => {
    if (committing) return;
    committing = reserved.unsafe('COMMIT') as unknown as Promise<{ command: string }>;
    committing.catch(ignore);
  };
  const begun = reserved.unsafe('BEGIN');
  begun.catch(ignore);
  let value: T;
  try {
    value = await work(tx, commitNow);
    await begun;
  } catch (error) {
    // BEGIN's own failure (the connection was lost) explains every later one.
    const cause = await begun.then(() => error, (failed: unknown) => failed);
    // A COMMIT sent early was answered ROLLBACK, a statement having failed; from here on none is sent.
    const early = committing;
    committing ??= Promise.resolve({ command: 'ROLLBACK' });
    await early?.catch(ignore);
    await end(reserved, 'ROLLBACK');
    throw cause;
  }
  commitNow();
  let finished: { command: string };
  try {
    finished = await committing!;
  } catch (error) {
    await end(reserved, 'ROLLBACK');
    throw error;
  }
  reserved.release();
  // A statement failed that the work did not await: PostgreSQL answers COMMIT with ROLLBACK.
  if (finished.command !== 'COMMIT') throw new Error(`The transaction was rolled back (its COMMIT answered ${finished.command})`);
  return value;
}

/** Ends the transaction; the connection returns to the pool only if it answered. */
async function end(tx: Awaited<ReturnType<Pool['reserve']>>, statement: 'ROLLBACK') {
  const answered = await tx.unsafe(statement).then(() => true, () => false);
  if (answered) tx.release();
}
