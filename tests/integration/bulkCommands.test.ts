import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Aggregate } from '../../events/decider';
import { createCommandHandler, type HandleCommand } from '../../events/handleCommand';
import { readStream, safeHorizon } from '../../events/store/append';
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
beforeAll(async () => {
  db = await createTestDatabase(10);
  handle = createCommandHandler(db.sql, async () => undefined);
});
afterAll(async () => {
  await db.close();
});

describe('a bulk transaction', () => {
  it('given many commands, when it commits, then their events are in the log in command order, a stream written twice included', async () => {
    const ids = Array.from({ length: 50 }, () => randomUUID());
    const results = await handle.transaction(async (run) => {
      const out = [];
      for (const id of ids) out.push(await run(counter, id, { type: 'Add' }, context()));
      // The same stream again: its state comes from this transaction, its events are not yet written.
      out.push(await run(counter, ids[0]!, { type: 'Add' }, context()));
      return out;
    }, { bulk: true });
    expect(results.at(-1)!.state).toBe(2);
    const positions = results.map((r) => r.events[0]!.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions.at(-1)! - positions[0]!).toBe(ids.length);
    expect((await readStream(db.sql, `counter-${ids[0]}`)).map((e) => [e.version, (e.data as { total: number }).total])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('given a bulk transaction still running, when others append and ask for a safe horizon, then neither waits for it', async () => {
    const other = randomUUID();
    const mine = randomUUID();
    await handle.transaction(async (run) => {
      await run(counter, mine, { type: 'Add' }, context());
      // Outside this transaction, on other connections: an append would deadlock the test if
      // the bulk transaction had drawn its positions already, and so would the gateway's horizon.
      const elsewhere = await handle(counter, other, { type: 'Add' }, context());
      expect(elsewhere.events).toHaveLength(1);
      expect(await safeHorizon(db.sql)).toBeGreaterThanOrEqual(elsewhere.events[0]!.position);
      expect(await readStream(db.sql, `counter-${mine}`)).toEqual([]);
    }, { bulk: true });
    expect(await readStream(db.sql, `counter-${mine}`)).toHaveLength(1);
  });

  it('given a failing command, when the bulk transaction throws, then nothing of it is written', async () => {
    const id = randomUUID();
    await expect(
      handle.transaction(async (run) => {
        await run(counter, id, { type: 'Add' }, context());
        throw new Error('row 2 is bad');
      }, { bulk: true }),
    ).rejects.toThrow('row 2 is bad');
    expect(await readStream(db.sql, `counter-${id}`)).toEqual([]);
  });
});
