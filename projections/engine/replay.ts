import { readAll } from '../../events/store/append';
import type { Tx } from '../../events/store/types';
import type { Projection } from './projection';
import { applyInline } from '../registry';

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
 * Feeds the log (or a range of it) through the given projections, a batch at a time, as the
 * command path runs them (../registry.ts applyInline).
 */
export async function replay(tx: Tx, projections: readonly Projection[], range: ReplayRange = {}): Promise<number> {
  let position = range.from ?? 0;
  let count = 0;
  for (;;) {
    const batch = await readAll(tx, position, BATCH, range.upTo);
    if (batch.length === 0) return count;
    await applyInline(tx, batch, projections);
    count += batch.length;
    position = batch[batch.length - 1]!.position;
    range.progress?.(position, count);
  }
}
