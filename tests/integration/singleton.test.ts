import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSingleton } from '../../server/cluster/singleton';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(4);
});
afterAll(async () => {
  await db.close();
});

const CHECK_MS = 100;

/** Polls `done` every 20 ms, for up to 10 s. */
async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A node: its own pool on the shared database, running the named work while it leads. */
function node(name: string, job: string, log: string[], active: Set<string>) {
  const singleton = runSingleton(
    db.url,
    job,
    async (signal) => {
      active.add(name);
      log.push(`${name} started`);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      active.delete(name);
      log.push(`${name} stopped`);
    },
    { checkMs: CHECK_MS },
  );
  return { name, singleton };
}

describe('work that runs on one node only', () => {
  it('runs on exactly one of two nodes, and the other takes over when the first one\'s connection dies', async () => {
    const log: string[] = [];
    const active = new Set<string>();
    const a = node('A', 'delivery', log, active);
    await until(() => a.singleton.running(), 'A leads');
    const b = node('B', 'delivery', log, active);
    // B keeps trying for a while and stays out.
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 5));
    expect(b.singleton.running()).toBe(false);
    expect(log).toEqual(['A started']);

    // A's process dies: its connections are cut by the server, as after a kill -9. pg_locks is the
    // whole cluster's: other test files' nodes hold the same lock in their own databases.
    const [{ pid } = { pid: 0 }] = await db.sql<{ pid: number }[]>`
      SELECT l.pid FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 7340100
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    expect(pid).toBeGreaterThan(0);
    await db.sql`SELECT pg_terminate_backend(${pid})`;

    await until(() => b.singleton.running(), 'B takes over');
    await until(() => !a.singleton.running(), 'A notices and stops');
    expect(log.filter((line) => line.startsWith('B'))).toEqual(['B started']);
    expect(log).toContain('A stopped');

    // A comes back (its pool reconnects) and waits behind B.
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 5));
    expect(a.singleton.running()).toBe(false);

    // B shuts down cleanly: the lock goes at once and A leads again.
    await b.singleton.stop();
    await until(() => a.singleton.running(), 'A leads again');
    await a.singleton.stop();
    expect(log.slice(-3)).toEqual(['B stopped', 'A started', 'A stopped']);
    expect(log.filter((line) => line.endsWith('started'))).toEqual(['A started', 'B started', 'A started']);
    expect(active.size).toBe(0);
  });

  it('runs different jobs on different nodes at once', async () => {
    const active = new Set<string>();
    const x = node('X', 'job-one', [], active);
    const y = node('Y', 'job-two', [], new Set());
    await until(() => x.singleton.running() && y.singleton.running(), 'both lead their own job');
    await Promise.all([x.singleton.stop(), y.singleton.stop()]);
  });
});
