import type { Pool, Tx } from './types';

const ignore = () => undefined;

/**
 * Runs `work` in a transaction whose BEGIN goes out with its first statement, one round trip
 * sooner than postgres.js's `sql.begin`, which waits for BEGIN's answer before it runs the work.
 * Statements on one connection run in the order sent, so the work is inside the transaction as
 * with `sql.begin`; it commits if the work resolves and rolls back if it throws. (COMMIT cannot
 * go out behind the work's last statements before their answers: a statement the work issues
 * after an await of its own would then run after it, outside the transaction.)
 *
 * The connection is reserved from the pool for the transaction. It goes back only once a COMMIT
 * or ROLLBACK has been answered: a connection that broke meanwhile is left to postgres.js, which
 * has closed it and opens it anew on a later query.
 */
export async function transaction<T>(sql: Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await sql.reserve();
  const begun = tx.unsafe('BEGIN');
  begun.catch(ignore);
  let value: T;
  try {
    value = await work(tx as unknown as Tx);
    await begun;
  } catch (error) {
    // BEGIN's own failure (the connection was lost) explains every later one.
    const cause = await begun.then(() => error, (failed: unknown) => failed);
    await end(tx, 'ROLLBACK');
    throw cause;
  }
  let finished: { command: string };
  try {
    finished = await tx.unsafe('COMMIT');
  } catch (error) {
    await end(tx, 'ROLLBACK');
    throw error;
  }
  tx.release();
  // A statement failed that the work did not await: PostgreSQL answers COMMIT with ROLLBACK.
  if (finished.command !== 'COMMIT') throw new Error(`The transaction was rolled back (its COMMIT answered ${finished.command})`);
  return value;
}

/** Ends the transaction; the connection returns to the pool only if it answered. */
async function end(tx: Awaited<ReturnType<Pool['reserve']>>, statement: 'ROLLBACK') {
  const answered = await tx.unsafe(statement).then(() => true, () => false);
  if (answered) tx.release();
}
