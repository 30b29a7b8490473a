import { readAll } from '../events/store/append';
import type { Tx } from '../events/store/types';
import type { Projection } from './projection';

const BATCH = 2000;

export interface ReplayRange {
  /** Events after this position (0: the whole log)... */
  from?: number;
  /** ...up to this one (absent: as far as the log goes). */
  upTo?: number;
  /** Told after each batch: the last position replayed and the events so far. */
  progress?: (position: number, count: number) => void;
}

/**
 * Feeds the log (or a range of it) through the given projections. Each event is one statement
 * per projection, so a batch's statements are sent without waiting for each answer (postgres.js
 * pipelines them on the transaction's connection, in order) and awaited together.
 */
export async function replay(tx: Tx, projections: readonly Projection[], range: ReplayRange = {}): Promise<number> {
  let position = range.from ?? 0;
  let count = 0;
  for (;;) {
    const batch = await readAll(tx, position, BATCH, range.upTo);
    if (batch.length === 0) return count;
    const statements = [];
    for (const event of batch) {
      for (const projection of projections) {
        const statement = projection.apply(tx, event);
        if (statement) statements.push(statement);
      }
    }
    await Promise.all(statements);
    count += batch.length;
    position = batch[batch.length - 1]!.position;
    range.progress?.(position, count);
  }
}
