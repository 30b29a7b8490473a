import postgres from 'postgres';
import type { Pool } from './types';

export interface PoolOptions {
  max?: number;
  /** Receives Postgres notices; they are silenced by default. */
  onnotice?: (notice: postgres.Notice) => void;
}

/**
 * Opens a postgres.js pool. Positions are bigint in the database and plain numbers here:
 * 2^53 events is far beyond any office operator's lifetime.
 */
export function createPool(url: string, options: PoolOptions = {}): Pool {
  return postgres(url, {
    max: options.max ?? 10,
    // A rebuild pipelines a whole batch of projection statements on one connection; the
    // default depth of 100 would make it wait on round trips (see projections/replay.ts).
    ...({ max_pipeline: 10_000 } as object),
    onnotice: options.onnotice ?? (() => undefined),
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  }) as unknown as Pool;
}
