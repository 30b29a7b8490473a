import { readAll, readAllBrief } from '../../events/store/append';
import type { BriefStoredEvent, Db, Pool, StoredEvent, Tx } from '../../events/store/types';
import { splitDdl } from './ddl';
import { MemoryTables } from './memoryTables';
import type { Projection } from './projection';
import type { ReplayRange } from './replay';
import { writeRows } from './writeRows';
import { applyInline } from '../registry';
import { dependencies } from './readModel';

/** Positions per read; a few reads run ahead, on other connections, while one batch is folded. */
const BUILD_BATCH = 10_000;
const AHEAD = 3;

/**
 * The log from `from` up to `upTo` in batches, in order. Below a safe horizon every event has
 * committed and none can appear, so the batches are read by position range, several at once on
 * the pool's connections (the server's work on more than one core), while the caller works on
 * the previous one. Without a connection to spare, one batch after another on `tx`.
 */
async function* batches<E extends { position: number }>(
  read: (db: Db, from: number, limit: number, upTo: number) => Promise<E[]>,
  sql: Pool,
  tx: Db,
  from: number,
  upTo: number,
  size: number,
): AsyncGenerator<E[]> {
  // A pool of one connection has none to spare beside the transaction's.
  if (sql.options.max < 2) {
    for (let position = from; ; ) {
      const batch = await read(tx, position, size, upTo);
      if (batch.length === 0) return;
      yield batch;
      position = batch[batch.length - 1]!.position;
    }
  }
  const pending: Promise<E[]>[] = [];
  let next = from;
  const readMore = () => {
    while (pending.length < AHEAD && next < upTo) {
      const batch = read(sql, next, size, Math.min(next + size, upTo));
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
 * read models' rows (history tables included), not with the log. When every projection folds, only the time and author of
 * each event's metadata are read (BriefEvent): half the work of reading the log. Returns the
 * events read.
 */
export async function build(
  sql: Pool,
  tx: Tx,
  projections: readonly Projection[],
  range: ReplayRange & { upTo: number; batch?: number },
): Promise<number> {
  // A declared read model built by statements reads the rows of those it shows from their
  // tables: they are built by statements too, never held back in memory.
  const shown = new Set(projections.filter((p) => !p.fold && p.model).flatMap((p) => dependencies(p.model!).map((m) => m.name)));
  const folded = projections.filter((p) => p.fold && !shown.has(p.name));
  const stated = projections.filter((p) => !folded.includes(p));
  const ddl = folded.map((p) => splitDdl(p.ddl));
  for (const { tables } of ddl) await tx.unsafe(tables);
  for (const projection of stated) await tx.unsafe(projection.ddl);

  const memory = new MemoryTables();
  let count = 0;
  const span = [sql, tx, range.from ?? 0, range.upTo, range.batch ?? BUILD_BATCH] as const;
  const events: AsyncGenerator<BriefStoredEvent[] | StoredEvent[]> =
    stated.length === 0 ? batches(readAllBrief, ...span) : batches(readAll, ...span);
  for await (const batch of events) {
    for (const event of batch) for (const projection of folded) projection.fold!(memory, event);
    if (stated.length > 0) {
      // Read whole by readAll above: the statements take the full metadata.
      await applyInline(tx, batch as StoredEvent[], stated);
    }
    count += batch.length;
    range.progress?.(batch[batch.length - 1]!.position, count);
  }

  for (const projection of folded) {
    for (const table of projection.tables) await writeRows(tx, table, memory.table(table).rows);
  }
  for (const { indexes } of ddl) if (indexes) await tx.unsafe(indexes);
  return count;
}
