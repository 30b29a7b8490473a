import { randomBytes } from 'node:crypto';
import { headPosition, safeHorizon } from '../../events/store/append';
import { isDeadlock } from '../../events/store/errors';
import type { Pool, Tx } from '../../events/store/types';
import type { Projection } from './projection';
import { build } from './build';
import { replay } from './replay';

export interface RebuildProgress {
  /** Events replayed so far, and the log's head when the rebuild started. */
  done: number;
  total: number;
  phase: 'building' | 'catching up' | 'swapping';
}

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';
/** A tail shorter than this is replayed in the swap itself, while the swap holds new appends. */
const SHORT_TAIL = 500;
/**
 * The longest one lock statement of the swap waits before the swap gives way (statement_timeout).
 * Well under PostgreSQL's deadlock_timeout (1 s): a reader waits on the swap only during its last
 * lock statement and what follows it, so no reader reaches its own deadlock check while the swap
 * still waits, and it is never the one rolled back. (A writer that waited since the first lock
 * statement may be; handleCommand tries it again.)
 */
const LOCK_WAIT_MS = 250;
/** How long a rebuild keeps trying to swap before it fails: every try lost to traffic is retried. */
const SWAP_PATIENCE_MS = 120_000;

/** The swap's locks were not all granted in time: nothing of it stayed, it may be tried again. */
class SwapGaveWay extends Error {}

/**
 * Blue/green rebuild: builds the read models of `only` into new tables in a schema of their own
 * from the log while the app keeps serving (and writing to) the current ones (build.ts: in
 * memory for the projections that fold, each row written once), catches up with
 * what was appended meanwhile, then swaps them in with one transaction: the current tables
 * locked, the last events replayed while SHARE on events holds appends (none can slip in), the old
 * tables dropped and the new ones moved into their place (see swap() for the order of its locks).
 * Writers wait for the swap and then write to the new tables; readers wait only for its last
 * step. Returns the events replayed.
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
    // Statistics and the visibility map before the swap: the first reads of the new tables are
    // planned as well as the old ones were.
    for (const table of tables) await sql.unsafe(`VACUUM (ANALYZE) ${schema}.${table}`);
    // Tries lost to traffic are tried again; each try first catches up outside any lock, so the
    // tail replayed while writers wait stays short.
    const deadline = Date.now() + SWAP_PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      await catchUp();
      const [from, doneBefore] = [position, done];
      try {
        await swap();
        break;
      } catch (error) {
        if (!(error instanceof SwapGaveWay || isDeadlock(error)) || Date.now() > deadline) throw error;
        [position, done] = [from, doneBefore];
        // A pause that grows and varies, so the traffic the swap gave way to can finish.
        await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** attempt, 1_000) * (0.5 + Math.random())));
      }
    }
  } finally {
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  return done;

  /** Tails appended meanwhile, replayed without holding anyone up, until what is left is short. */
  async function catchUp() {
    for (let round = 0; round < 5; round++) {
      const horizon = await safeHorizon(sql);
      if (horizon - position <= SHORT_TAIL && round > 0) break;
      await sql.begin(async (tx) => {
        await inSchema(tx);
        await pass(tx, horizon, 'catching up');
      });
    }
  }

  /** One lock statement, given up (the whole swap rolled back) if not granted within LOCK_WAIT_MS. */
  async function lockWithin(tx: Tx, statement: string) {
    await tx.unsafe(`SET LOCAL statement_timeout = ${LOCK_WAIT_MS}`);
    try {
      await tx.unsafe(statement);
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) throw new SwapGaveWay(`the swap gave way: ${statement}`);
      throw error;
    }
    await tx.unsafe('SET LOCAL statement_timeout TO DEFAULT');
  }

  /**
   * Why this order. Writers project first and append last, and may read other read models after
   * appending; readers' statements lock the tables they join in their own order. So no one order
   * of table locks can avoid a cycle with everyone: instead each lock statement waits at most
   * LOCK_WAIT_MS and the swap gives way (rolled back, tried again); and the locks are taken
   * weakest first so that readers wait only for the last, short step:
   * 1. EXCLUSIVE on the current tables (in name order) waits for writers that wrote them and holds
   *    new writes, but readers go on reading: once granted, no one holds a write to them;
   * 2. SHARE on events waits for appends in flight and holds new ones: the last pass replays a log
   *    that cannot change under it;
   * 3. ACCESS EXCLUSIVE on the same tables, now waiting only for readers' statements in flight,
   *    then the old tables dropped and the new ones moved into their place.
   * The name order keeps two swaps (two nodes starting with the same new projection version)
   * from deadlocking each other. A statement waiting for the old tables is granted the new ones
   * once the swap commits (PostgreSQL looks the name up again after a lock wait).
   * Not a rename of one schema instead: a writer projects before it appends, so a swap that held
   * only the log could not tell that a writer had already written the old tables; it would have
   * to lock them all the same (and the read models would have to leave `public`).
   */
  async function swap() {
    await sql.begin(async (tx) => {
      const current = (await tx<{ name: string }[]>`
        SELECT t AS name FROM unnest(${tables}::text[]) AS t WHERE to_regclass('public.' || t) IS NOT NULL ORDER BY t`).map((r) => r.name);
      const list = current.map((t) => `public.${t}`).join(', ');
      if (current.length > 0) await lockWithin(tx, `LOCK TABLE ${list} IN EXCLUSIVE MODE`);
      await lockWithin(tx, 'LOCK TABLE public.events IN SHARE MODE');
      await inSchema(tx);
      await pass(tx, undefined, 'swapping');
      if (current.length > 0) await lockWithin(tx, `LOCK TABLE ${list} IN ACCESS EXCLUSIVE MODE`);
      // Sent together (in order, on the one connection): the time every reader waits is the
      // catalog work's, not round trips'.
      await Promise.all([
        ...current.map((table) => tx.unsafe(`DROP TABLE public.${table} CASCADE`)),
        ...tables.map((table) => tx.unsafe(`ALTER TABLE ${schema}.${table} SET SCHEMA public`)),
        ...only.map(
          (projection) => tx`
            INSERT INTO public.projection_versions (name, version) VALUES (${projection.name}, ${projection.version})
            ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`,
        ),
      ]);
    });
  }
}
