import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../events/handleCommand';
import { announce } from '../../events/store/announce';
import { append } from '../../events/store/append';
import type { Database } from '../../server/db/database';
import { startLogProcess, type LogProcess, type RunningProcess } from '../../server/processes/logProcess';
import { createTestDatabase } from '../support/db';
import { testMetadata } from '../support/storeEvents';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(20);
  await db.sql`CREATE TABLE effects (process text NOT NULL, position bigint NOT NULL, node text NOT NULL)`;
});
afterAll(async () => {
  await db.close();
});

const CHECK_MS = 100;
const metadata = testMetadata;

/** Appends `count` events of `type` to a fresh stream, each in its own transaction; returns their positions. */
async function appendEvents(type: string, count: number): Promise<number[]> {
  const stream = `test-${randomUUID()}`;
  const positions: number[] = [];
  for (let i = 0; i < count; i++) {
    const [event] = await db.sql.begin((tx) => append(tx, { streamId: stream, streamType: 'test', expectedVersion: i, events: [{ type, data: { i } }], metadata: metadata() }));
    announce(db.sql, [event!]);
    positions.push(event!.position);
  }
  return positions;
}

async function until(done: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const effectsOf = (process: string) => db.sql<{ position: number; node: string }[]>`SELECT position::int AS position, node FROM effects WHERE process = ${process} ORDER BY position`;

/** A node running the process: it records each Pinged event it acts on, with its own name. */
function node(nodeName: string, process: Omit<LogProcess, 'act'>, act?: LogProcess['act']): RunningProcess {
  const handle = createCommandHandler(db.sql, async () => undefined);
  return startLogProcess(
    { databaseUrl: db.url, sql: db.sql, handle },
    {
      ...process,
      act:
        act ??
        (async (event, _run, tx) => {
          await tx`INSERT INTO effects (process, position, node) VALUES (${process.name}, ${event.position}, ${nodeName})`;
        }),
    },
    { checkMs: CHECK_MS, pollMs: 100 },
  );
}

describe('a process that follows the log', () => {
  it('acts on each event of its types once, across a takeover by another node', async () => {
    const name = `p-${randomUUID()}`;
    const definition = { name, types: ['Pinged'], from: 'beginning' as const };
    const first = await appendEvents('Pinged', 5);
    await appendEvents('Ignored', 3);
    const a = node('A', definition);
    await until(async () => (await effectsOf(name)).length === 5, 'A handled the first events');
    const b = node('B', definition);

    // A's process dies: the server cuts its lock's connection, as after a kill -9.
    const [{ pid } = { pid: 0 }] = await db.sql<{ pid: number }[]>`
      SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 7340100 AND l.objid = (SELECT hashtext(${'log-process:' + name})::oid) AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    expect(pid).toBeGreaterThan(0);
    await db.sql`SELECT pg_terminate_backend(${pid})`;
    await until(() => b.running() && !a.running(), 'B takes over and A has noticed');
    const later = await appendEvents('Pinged', 5);

    await until(async () => (await effectsOf(name)).length >= 10, 'the later events are handled');
    const effects = await effectsOf(name);
    expect(effects.map((e) => e.position)).toEqual([...first, ...later]);
    expect(effects.slice(5).every((e) => e.node === 'B')).toBe(true);
    const [checkpoint] = await db.sql<{ position: number }[]>`SELECT position::int AS position FROM checkpoints WHERE name = ${'process:' + name}`;
    expect(checkpoint!.position).toBeGreaterThanOrEqual(later[later.length - 1]!);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('started with from: now, skips what the log held before its first start, and resumes from its checkpoint after a stop', async () => {
    const name = `p-${randomUUID()}`;
    const definition = { name, types: ['Pinged'], from: 'now' as const };
    await appendEvents('Pinged', 3);
    const first = node('A', definition);
    await until(() => first.running(), 'it runs');
    await until(async () => (await db.sql`SELECT 1 FROM checkpoints WHERE name = ${'process:' + name}`).length === 1, 'its checkpoint exists');
    const during = await appendEvents('Pinged', 2);
    await until(async () => (await effectsOf(name)).length === 2, 'the new events are handled');
    await first.stop();

    const whileDown = await appendEvents('Pinged', 2);
    const again = node('A2', definition);
    await until(async () => (await effectsOf(name)).length === 4, 'the events appended while it was down are handled');
    expect((await effectsOf(name)).map((e) => e.position)).toEqual([...during, ...whileDown]);
    await again.stop();
  });

  it('rolls back what a failing attempt did and tries the event again', async () => {
    const name = `p-${randomUUID()}`;
    let attempts = 0;
    // Its own event type: a process from the log's start would otherwise meet the other tests' events.
    const type = `Pinged-${name}`;
    const running = node('A', { name, types: [type], from: 'beginning' }, async (event, _run, tx) => {
      await tx`INSERT INTO effects (process, position, node) VALUES (${name}, ${event.position}, 'A')`;
      attempts++;
      if (attempts <= 2) throw new Error('the receiver is down');
    });
    const [position] = await appendEvents(type, 1);
    await until(async () => (await effectsOf(name)).length === 1, 'the event is handled');
    expect(attempts).toBe(3);
    expect((await effectsOf(name)).map((e) => e.position)).toEqual([position]);
    await running.stop();
  });
});
