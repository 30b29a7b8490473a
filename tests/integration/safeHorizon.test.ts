import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, safeHorizon } from '../../events/store/append';
import type { Pool } from '../../events/store/types';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';
import { freshStreamAppend as args } from '../support/storeEvents';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(10);
});
afterAll(async () => {
  await db.close();
});

/** An append whose transaction stays open until `release()`; `drawn` is its position. */
function appendHeldOpen(sql: Pool) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let drawn!: (position: number) => void;
  const position = new Promise<number>((resolve) => (drawn = resolve));
  const committed = sql.begin(async (tx) => {
    const [event] = await append(tx, args());
    drawn(event!.position);
    await released;
    return event!;
  });
  return { position, release, committed };
}

const settledWithin = async <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('safe horizon', () => {
  it('given an append in flight, when the horizon is asked, then it waits for that commit and names its position', async () => {
    const held = appendHeldOpen(db.sql);
    const drawn = await held.position;
    const horizon = safeHorizon(db.sql);
    expect(await settledWithin(horizon, 300)).toBe(false);
    held.release();
    await held.committed;
    expect(await horizon).toBeGreaterThanOrEqual(drawn);
  });

  it('given an append rolled back, then the horizon passes its position without waiting', async () => {
    let burnt = 0;
    await expect(
      db.sql.begin(async (tx) => {
        burnt = (await append(tx, args()))[0]!.position;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await safeHorizon(db.sql)).toBeGreaterThanOrEqual(burnt);
  });

  it('given a horizon waiting on an append in flight, then other appends go on and commit meanwhile', async () => {
    const held = appendHeldOpen(db.sql);
    const drawn = await held.position;
    const horizon = safeHorizon(db.sql);
    const [other] = await db.sql.begin((tx) => append(tx, args()));
    expect(other!.position).toBeGreaterThan(drawn);
    expect(await settledWithin(horizon, 100)).toBe(false);
    held.release();
    await held.committed;
    await horizon;
  });

  it('given two horizons asked at once, then neither waits for the other', async () => {
    const both = Promise.all([safeHorizon(db.sql), safeHorizon(db.sql), safeHorizon(db.sql)]);
    expect(await settledWithin(both, 2_000)).toBe(true);
  });
});
