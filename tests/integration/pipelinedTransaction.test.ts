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
