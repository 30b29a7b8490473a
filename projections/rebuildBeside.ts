import { randomBytes } from 'node:crypto';
import { headPosition, safeHorizon } from '../events/store/append';
import { isDeadlock } from '../events/store/errors';
import type { Pool, Tx } from '../events/store/types';
import type { Projection } from './projection';
import { build } from './build';
import { replay } from './replay';

export interface RebuildProgress {
  /** Events replayed so far, and the log's head when the rebuild started. */
  done: number;
  total: number;
  phase: 'building' | 'catching up' | 'swapping';
}

/** How often a swap rolled back as a deadlock's victim is tried again. */
const SWAP_ATTEMPTS = 5;
/** A tail shorter than this is replayed in the swap itself, while the swap holds new appends. */
const SHORT_TAIL = 2_000;

/**
 * Blue/green rebuild: builds the read models of `only` into new tables in a schema of their own
 * from the log while the app keeps serving (and writing to) the current ones (build.ts: in
 * memory for the projections that fold, each row written once), catches up with
 * what was appended meanwhile, then swaps them in with one transaction: the current tables
 * locked, the last events replayed while SHARE on events holds appends (none can slip in), the old
 * tables dropped and the new ones moved into their place. Readers wait only for the swap;
 * writers wait for it too and then write to the new tables. Returns the events replayed.
 *
 * Statements of the projections name their tables unqualified, so a transaction whose
 * search_path starts with the new schema writes there, and reads the log (which exists only in
 * public) as usual.
 */
export async function rebuildBeside(
  sql: Pool,
  only: readonly Projection[],
  onProgress: (p: RebuildProgress) => void = () => undefined,
  /** Positions read at a time while building (tests make streams span many). */
  options: { batch?: number } = {},
): Promise<number> {
  const schema = `rebuild_${randomBytes(6).toString('hex')}`;
  const tables = only.flatMap((p) => p.tables);
  const total = await headPosition(sql);
  let done = 0;
  let position = 0;
  // Each pass replays up to a horizon below which every event has committed: none is skipped.
  const track = (phase: RebuildProgress['phase']) => ({
    from: position,
    progress: (at: number, count: number) => {
      position = at;
      onProgress({ done: done + count, total, phase });
    },
  });
  const counted = (count: number) => {
    done += count;
    return count;
  };
  const pass = (tx: Tx, upTo: number | undefined, phase: RebuildProgress['phase']) => replay(tx, only, { ...track(phase), upTo }).then(counted);
  const inSchema = async (tx: Tx) => void (await tx.unsafe(`SET LOCAL search_path TO ${schema}, public`));

  await sql.unsafe(`CREATE SCHEMA ${schema}`);
  try {
    await sql.begin(async (tx) => {
      await inSchema(tx);
      // Nothing reads these tables before the swap, and a lost build is built again: the commit
      // need not wait for its WAL to reach the disk.
      await tx.unsafe('SET LOCAL synchronous_commit = off');
      // The tables built at once, in memory where the projections fold (build.ts).
      counted(await build(sql, tx, only, { ...track('building'), upTo: await safeHorizon(sql), batch: options.batch }));
    });
    // Tails appended while building, without holding anyone up, until what is left is short.
    for (let round = 0; round < 5; round++) {
      const horizon = await safeHorizon(sql);
      if (horizon - position <= SHORT_TAIL) break;
      await sql.begin(async (tx) => {
        await inSchema(tx);
        await pass(tx, horizon, 'catching up');
      });
    }
    // The swap locks every table it replaces, one after another; a transaction that already read
    // one of them and now waits for another the swap holds makes a deadlock, and PostgreSQL may
    // roll the swap back. Nothing of it stayed then (its tail replay included), so it is tried again.
    for (let attempt = 1; ; attempt++) {
      const [from, doneBefore] = [position, done];
      try {
        await swap();
        break;
      } catch (error) {
        if (!isDeadlock(error) || attempt >= SWAP_ATTEMPTS) throw error;
        [position, done] = [from, doneBefore];
      }
    }
  } finally {
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  for (const table of tables) await sql.unsafe(`VACUUM (ANALYZE) ${table}`);
  return done;

  async function swap() {
    await sql.begin(async (tx) => {
      // Table locks first, then the log: a writer holding a row of these tables inserts its
      // events last, so it finishes before the swap rather than waiting on it. SHARE on events
      // waits for the appends in flight and holds new ones until the swap commits, so the last
      // pass replays a log that cannot change under it.
      const current = (await tx<{ name: string }[]>`
        SELECT t AS name FROM unnest(${tables}::text[]) AS t WHERE to_regclass('public.' || t) IS NOT NULL`).map((r) => r.name);
      if (current.length > 0) await tx.unsafe(`LOCK TABLE ${current.map((t) => `public.${t}`).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      await tx`LOCK TABLE public.events IN SHARE MODE`;
      await inSchema(tx);
      await pass(tx, undefined, 'swapping');
      for (const table of current) await tx.unsafe(`DROP TABLE public.${table} CASCADE`);
      for (const table of tables) await tx.unsafe(`ALTER TABLE ${schema}.${table} SET SCHEMA public`);
      for (const projection of only) {
        await tx`
          INSERT INTO public.projection_versions (name, version) VALUES (${projection.name}, ${projection.version})
          ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`;
      }
    });
  }
}
