import pino from 'pino';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_APPLICATION_NAME, linkNodes } from '../../server/realtime/cluster';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(2);
});
afterAll(async () => {
  await db.close();
});

/** The link's connections open on the database now. */
async function linkConnections(): Promise<{ query: string }[]> {
  return db.sql<{ query: string }[]>`SELECT query FROM pg_stat_activity WHERE application_name = ${LINK_APPLICATION_NAME} AND datname = current_database()`;
}

/** Settles, or says it never did: a close that waits for ever would otherwise hang the run. */
function settles(work: Promise<unknown>, what: string): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} never finished`)), 20_000);
  });
  return Promise.race([work, stuck]).finally(() => clearTimeout(timer));
}

describe('the link between nodes', () => {
  it('given the adapter still holding its LISTEN connection, when the link closes, then the connection is ended and the close finishes; a second close waits for the first', async () => {
    const link = linkNodes(db.url, pino({ level: 'silent' }));
    const io = new Server();
    io.adapter(link.adapter);
    // The adapter checks a connection out for its LISTEN and keeps it, as it does when it
    // reconnects while the server stops: nothing hands that one back.
    for (let i = 0; i < 200 && !(await linkConnections()).some((c) => /^LISTEN/i.test(c.query)); i++) await new Promise((r) => setTimeout(r, 50));
    expect((await linkConnections()).some((c) => /^LISTEN/i.test(c.query))).toBe(true);

    const first = link.close();
    const second = link.close();
    await expect(settles(first, 'closing the link')).resolves.toBeUndefined();
    await expect(settles(second, 'closing the link again')).resolves.toBeUndefined();
    for (let i = 0; i < 100 && (await linkConnections()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await linkConnections()).toEqual([]);
    await io.of('/').adapter.close();
  }, 60_000);
});
