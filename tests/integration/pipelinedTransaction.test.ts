import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../events/store/connect';
import { transaction } from '../../events/store/transaction';
import type { Pool } from '../../events/store/types';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';

/** One connection only: a transaction that did not give it back would leave the next one waiting forever. */
let db: Database;
let sql: Pool;
beforeAll(async () => {
  db = await createTestDatabase(2);
  sql = createPool(db.url, { max: 1 });
  await sql`CREATE TABLE pipelined (id int PRIMARY KEY)`;
});
afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await db?.close();
});

const ids = async () => (await db.sql<{ id: number }[]>`SELECT id FROM pipelined ORDER BY id`).map((r) => r.id);

describe('A transaction whose BEGIN goes with its first statement', () => {
  it('given work that resolves, then its statements commit together, in one transaction', async () => {
    const [first, second] = await transaction(sql, async (tx) => {
      const a = await tx<{ xid: string }[]>`INSERT INTO pipelined VALUES (1) RETURNING txid_current()::text AS xid`;
      const b = await tx<{ xid: string }[]>`INSERT INTO pipelined VALUES (2) RETURNING txid_current()::text AS xid`;
      return [a[0]!.xid, b[0]!.xid];
    });
    expect(first).toBe(second);
    expect(await ids()).toEqual([1, 2]);
  });

  it('given work that throws after a write, then nothing of it is committed and the error is the work\'s', async () => {
    const failing = transaction(sql, async (tx) => {
      await tx`INSERT INTO pipelined VALUES (3)`;
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(await ids()).toEqual([1, 2]);
  });

  it('given a failed statement the work did not wait for, then the transaction is reported as rolled back, not committed', async () => {
    const failing = transaction(sql, async (tx) => {
      tx`INSERT INTO pipelined VALUES (1)`.execute().catch(() => undefined);
      await tx`SELECT pg_sleep(0.01)`.catch(() => undefined);
    });
    await expect(failing).rejects.toThrow(/rolled back/);
    expect(await ids()).toEqual([1, 2]);
  });

  it('given COMMIT sent early behind the last statement, then the work commits; a statement sent after it is refused, never run outside the transaction', async () => {
    const late = transaction(sql, async (tx, commitNow) => {
      const inserted = tx`INSERT INTO pipelined VALUES (5)`.execute();
      commitNow();
      await inserted;
      await tx`INSERT INTO pipelined VALUES (6)`;
    });
    await expect(late).rejects.toThrow(/after its transaction's COMMIT/);
    expect(await ids()).toEqual([1, 2, 5]);
    await db.sql`DELETE FROM pipelined WHERE id = 5`;
  });

  it('given a statement failing before an early COMMIT, then nothing of the work commits and the statement\'s error is reported', async () => {
    const failing = transaction(sql, async (tx, commitNow) => {
      const first = tx`INSERT INTO pipelined VALUES (7)`.execute();
      const duplicate = tx`INSERT INTO pipelined VALUES (1)`.execute();
      duplicate.catch(() => undefined);
      commitNow();
      await first;
      await duplicate;
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([1, 2]);
  });

  it('given many transactions, failed and committed, on a pool of one connection, then each gets it back', async () => {
    for (let i = 0; i < 20; i++) {
      await transaction(sql, async (tx) => tx`SELECT 1`);
      await transaction(sql, async () => {
        throw new Error('refused');
      }).catch(() => undefined);
    }
    expect(await transaction(sql, async (tx) => (await tx<{ one: number }[]>`SELECT 1 AS one`)[0]!.one)).toBe(1);
  });
});

/** A promise's outcome, or that it is still pending after `ms`: a hang is a failure, not a test timeout. */
const outcome = (promise: Promise<unknown>, ms = 8_000) =>
  Promise.race([
    promise.then(() => 'committed', (error: Error) => `failed: ${error.message}`),
    new Promise<string>((resolve) => setTimeout(resolve, ms, `still pending after ${ms} ms`)),
  ]);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('A transaction when PostgreSQL ends its connection (a restart, an operator)', () => {
  it('given the connection of a transaction ended under it, then its later statements fail rather than run outside it; the transaction waiting for the connection gets a new one and commits', async () => {
    let pid = 0;
    const holder = transaction(sql, async (tx) => {
      pid = (await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
      await pause(400);
      await tx`INSERT INTO pipelined VALUES (41)`;
    });
    await pause(100);
    // The pool's one connection is reserved: this one waits in line for it.
    const waiting = transaction(sql, async (tx) => tx`INSERT INTO pipelined VALUES (42)`);
    await pause(100);
    await db.sql`SELECT pg_terminate_backend(${pid})`;
    expect(await outcome(holder)).toMatch(/^failed: .*CONNECTION_CLOSED/);
    expect(await outcome(waiting)).toBe('committed');
    const written = await ids();
    expect(written).toContain(42);
    expect(written).not.toContain(41);
  });

  it('given the busy connection two transactions wait for is ended, then each settles and the pool serves again', async () => {
    const { pid } = (await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!;
    const busy = sql`SELECT pg_sleep(5)`.execute();
    busy.catch(() => undefined);
    await pause(100);
    const first = transaction(sql, async (tx) => tx`INSERT INTO pipelined VALUES (43)`);
    const second = transaction(sql, async (tx) => tx`INSERT INTO pipelined VALUES (44)`);
    await pause(100);
    await db.sql`SELECT pg_terminate_backend(${pid})`;
    for (const settled of [await outcome(first), await outcome(second)]) expect(settled).not.toMatch(/still pending/);
    expect(await outcome(transaction(sql, async (tx) => tx`INSERT INTO pipelined VALUES (45)`))).toBe('committed');
  });
});
