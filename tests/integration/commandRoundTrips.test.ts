import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Aggregate } from '../../events/decider';
import { createCommandHandler, type HandleCommand } from '../../events/handleCommand';
import { readStream } from '../../events/store/append';
import type { StoredEvent } from '../../events/store/types';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';

/** A counter per stream: `Add` appends one Added event with the running total. */
type Added = { type: 'Added'; data: { total: number } };
const counter: Aggregate<{ type: 'Add' }, number, Added> = {
  streamType: 'counter',
  streamId: (id) => `counter-${id}`,
  decider: {
    initialState: 0,
    decide: (_command, total) => [{ type: 'Added', data: { total: total + 1 } }],
    evolve: (_total, event) => event.data.total,
  },
  eventSchemas: { Added: z.object({ total: z.number() }) },
  scope: () => ({ locations: [] }),
};
const context = () => ({ userId: 'test', now: new Date() });

let db: Database;
let handle: HandleCommand;
const told: StoredEvent[][] = [];
beforeAll(async () => {
  db = await createTestDatabase(10);
  handle = createCommandHandler(db.sql, async () => undefined, { onCommitted: (events) => void told.push(events) });
});
afterAll(async () => {
  await db.close();
});

describe('A command\'s statements sent without waiting for each other', () => {
  it('given an answer\'s read of several statements, then each runs inside the command\'s transaction, after its append', async () => {
    const id = randomUUID();
    const { view } = await handle(counter, id, { type: 'Add' }, context(), {
      read: async (tx) => {
        await tx`SELECT 1`;
        const [row] = await tx<{ xid: string | null; n: number }[]>`
          SELECT txid_current_if_assigned()::text AS xid, count(*)::int AS n FROM events WHERE stream_id = ${`counter-${id}`}`;
        return row!;
      },
    });
    // Outside the transaction (after its COMMIT) no transaction id would be assigned.
    expect(view.xid).not.toBeNull();
    expect(view.n).toBe(1);
  });

  it('given the last command of a transaction with an answer of one statement, then the answer is read inside it, after its append', async () => {
    const id = randomUUID();
    const read = { text: 'SELECT txid_current_if_assigned()::text AS xid, count(*)::int AS n FROM events WHERE stream_id = $1', params: [`counter-${id}`], map: (rows: unknown[]) => rows[0] as { xid: string | null; n: number } };
    const view = await handle.transaction(async (run) => (await run(counter, id, { type: 'Add' }, context(), { read, last: true })).view);
    expect(view.xid).not.toBeNull();
    expect(view.n).toBe(1);
  });

  it('given a work that sends a statement after its command said it was the last, then that statement is refused, not run outside the transaction', async () => {
    const id = randomUUID();
    const late = handle.transaction(async (run, tx) => {
      await run(counter, id, { type: 'Add' }, context(), { last: true });
      return tx`SELECT 1`;
    });
    await expect(late).rejects.toThrow(/after its transaction's COMMIT/);
  });

  it('given its answer\'s read failing, then nothing is committed and nothing told', async () => {
    const id = randomUUID();
    const before = told.length;
    const failing = handle(counter, id, { type: 'Add' }, context(), { read: async (tx) => tx`SELECT 1/0` });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await readStream(db.sql, `counter-${id}`)).toHaveLength(0);
    expect(told.length).toBe(before);
  });

  it('given a command, when it commits, then the events are told before the command returns', async () => {
    const id = randomUUID();
    const { events } = await handle(counter, id, { type: 'Add' }, context());
    expect(told.at(-1)).toEqual(events);
  });

  it('given a stream locked ahead of reads in its transaction, when 20 commands on it run at once, then each applies to the state the one before left', async () => {
    const id = randomUUID();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        handle.transaction(async (run, tx, lockAhead) => {
          lockAhead(counter, id);
          await tx`SELECT 1`;
          return run(counter, id, { type: 'Add' }, context());
        }),
      ),
    );
    const events = await readStream(db.sql, `counter-${id}`);
    expect(events.map((e) => (e.data as { total: number }).total)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
