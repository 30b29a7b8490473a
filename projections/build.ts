import { readAll } from '../events/store/append';
import type { Db, Pool, StoredEvent, Tx } from '../events/store/types';
import { splitDdl } from './ddl';
import { MemoryTables } from './memoryTables';
import type { Projection } from './projection';
import type { ReplayRange } from './replay';
import { writeRows } from './writeRows';

/** Positions per read; a few reads run ahead, on other connections, while one batch is folded. */
export const BUILD_BATCH = 10_000;
const AHEAD = 3;

/**
 * The log from `from` up to `upTo` in batches, in order. Below a safe horizon every event has
 * committed and none can appear, so the batches are read by position range, several at once on
 * the pool's connections (the server's work on more than one core), while the caller works on
 * the previous one. Without `upTo`, one batch after another on `tx`.
 */
async function* batches(sql: Pool, tx: Db, from: number, upTo: number | undefined, size: number): AsyncGenerator<StoredEvent[]> {
  if (upTo === undefined) {
    for (let position = from; ; ) {
      const batch = await readAll(tx, position, size);
      if (batch.length === 0) return;
      yield batch;
      position = batch[batch.length - 1]!.position;
    }
  }
  const pending: Promise<StoredEvent[]>[] = [];
  let next = from;
  const readMore = () => {
    while (pending.length < AHEAD && next < upTo) {
      const batch = readAll(sql, next, size, Math.min(next + size, upTo));
      // Awaited in turn; a failure meanwhile is reported there, not as an unhandled rejection.
      batch.catch(() => undefined);
      pending.push(batch);
      next += size;
    }
  };
  readMore();
  while (pending.length > 0) {
    const batch = await pending.shift()!;
    readMore();
    if (batch.length > 0) yield batch;
  }
}

/**
 * The first pass of a rebuild: creates the tables of `projections` (in the search_path's first
 * schema of `tx`) and builds them from the log. A projection whose handlers all fold
 * (Handler.fold) is built in memory, each event changing plain objects, and its rows are
 * written once at the end, many per INSERT, into tables without their secondary indexes, which
 * are created last. The others take each event's statement as replay() does, with their
 * indexes in place, since their statements read their own rows. Projections own their tables
 * and never read another's, so the two kinds need no order between them. Memory grows with the
 * read models' rows, not with the log. Returns the events read.
 */
export async function build(
  sql: Pool,
  tx: Tx,
  projections: readonly Projection[],
  range: ReplayRange & { batch?: number } = {},
): Promise<number> {
  const folded = projections.filter((p) => p.fold);
  const stated = projections.filter((p) => !p.fold);
  const ddl = folded.map((p) => splitDdl(p.ddl));
  for (const { tables } of ddl) await tx.unsafe(tables);
  for (const projection of stated) await tx.unsafe(projection.ddl);

  const memory = new MemoryTables();
  let count = 0;
  for await (const batch of batches(sql, tx, range.from ?? 0, range.upTo, range.batch ?? BUILD_BATCH)) {
    const statements = [];
    for (const event of batch) {
      for (const projection of folded) projection.fold!(memory, event);
      for (const projection of stated) {
        const statement = projection.apply(tx, event);
        if (statement) statements.push(statement);
      }
    }
    await Promise.all(statements);
    count += batch.length;
    range.progress?.(batch[batch.length - 1]!.position, count);
  }

  for (const projection of folded) {
    for (const table of projection.tables) await writeRows(tx, table, memory.table(table).rows);
  }
  for (const { indexes } of ddl) if (indexes) await tx.unsafe(indexes);
  return count;
}
