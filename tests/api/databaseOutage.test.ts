import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../../events/handleCommand';
import { createPool } from '../../events/store/connect';
import { tcpUrl } from '../../events/store/socketTarget';
import { locationAggregate } from '../../events/location/decider';
import { applyInline } from '../../projections/registry';
import type { Database } from '../../server/db/database';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/start';
import type { DatabaseMessage } from '@shared/realtime';
import { createTestDatabase } from '../support/db';
import { apiClient, demoCredentials, signIn, testConfig, type Api } from '../support/server';
import { listen, type Listener } from '../support/sockets';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';

/**
 * A node whose every connection to the database goes through a link the test cuts, while
 * another node (the test, straight to the database) keeps writing: the node's tabs are told the
 * database is away and stay connected; once it is back they are told so and receive what was
 * committed meanwhile, and readiness says why it was not ready in between.
 */
let database: Database;
let proxy: TcpProxy;
let server: RunningServer;
let api: Api;
let socket: Listener;
const told: DatabaseMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(tcpUrl(database.url));
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  const proxied = new URL(target);
  proxied.port = String(proxy.port);
  const url = proxied.toString();
  const sql = createPool(url, { max: 10 });
  // The outage's expected errors stay quiet; a part that does not stop in time is told, so a hung stop names itself.
  const quiet = new Writable({
    write: (chunk, _encoding, done) => {
      if (String(chunk).includes('stopping:')) process.stderr.write(chunk);
      done();
    },
  });
  server = await startServer(testConfig({ databaseUrl: url }), { database: { sql, url, close: () => sql.end({ timeout: 1 }) }, logger: createLogger('info', quiet) });
  api = apiClient(server.url);
  const { access_token: token } = await signIn(api, demoCredentials.admin);
  socket = listen(server.url, { token });
  socket.socket.on('database', (message) => void told.push(message));
  await socket.ready;
});

afterAll(async () => {
  socket?.close();
  await proxy?.restore();
  await server?.close();
  await server?.database.close();
  await database?.close();
});

async function until(what: string, check: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('the database goes away and comes back', () => {
  it('tells the tabs, keeps them, and sends them what was committed meanwhile once it is back', async () => {
    await proxy.cut();
    await until('the tab told the database is away', () => told.some((m) => !m.available));
    expect(told.at(-1)).toMatchObject({ available: false, reason: expect.stringContaining('database') });
    const notReady = await api('GET', '/api/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.reason).toMatch(/database|log/);
    expect(socket.socket.connected).toBe(true);

    // Another node writes meanwhile, straight to the database.
    const [location] = await database.sql<{ id: string }[]>`SELECT id FROM locations ORDER BY name LIMIT 1`;
    const handle = createCommandHandler(database.sql, applyInline);
    await handle(locationAggregate, location!.id, { type: 'UpdateLocation', changes: { manager: 'Written while away' } }, { userId: 'system', now: new Date() });

    await proxy.restore();
    await until('the tab told the database is back', () => told.at(-1)?.available === true);
    await socket.until((changes) => changes.some((c) => c.changes.some((r) => r.id === location!.id && (r.row as { manager?: string } | null)?.manager === 'Written while away')), 'the write made while away');
    await until('ready again', async () => (await api('GET', '/api/ready')).status === 200);
  });
});
