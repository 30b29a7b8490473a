import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../events/store/connect';
import { tcpUrl } from '../../events/store/socketTarget';
import { createApp } from '../../server/app';
import { createLoginThrottle } from '../../server/auth/throttle';
import type { Database } from '../../server/db/database';
import { postgresLimits } from '../../server/limits/limiterStore';
import { createLogger } from '../../server/logger';
import { DATABASE_UNAVAILABLE } from '../../server/middleware/errors';
import { startServer, type RunningServer } from '../../server/start';
import { createTestDatabase } from '../support/db';
import { apiClient, demoCredentials, testConfig, type Api } from '../support/server';
import { startTcpProxy } from '../support/tcpProxy';

/**
 * Request limits are counted in PostgreSQL: two nodes on one database (each with its own pool, as
 * two processes would be) count against the same limits, and a node started again finds them.
 */

const logger = createLogger('warn', new Writable({ write: (_chunk, _encoding, done) => done() }));
let database: Database;
let config: ReturnType<typeof testConfig>;
let nodeA: RunningServer;
let nodeB: RunningServer;
let apiA: Api;
let apiB: Api;

const login = (api: Api, who: { email: string; password: string }, address: string) =>
  api('POST', '/api/auth/login', { body: who, headers: { 'x-forwarded-for': address } });

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig({ databaseUrl: database.url, trustProxy: true });
  nodeA = await startServer(config, { database, logger });
  // No database given: node B opens its own pool on the same database.
  nodeB = await startServer(config, { logger });
  apiA = apiClient(nodeA.url);
  apiB = apiClient(nodeB.url);
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
  await database?.close();
});

describe('sign-in limits shared by the nodes', () => {
  it('a limit reached through node A is refused on node B, right password or not', async () => {
    const { email } = demoCredentials.manager;
    for (let i = 0; i < 5; i++) expect((await login(apiA, { email, password: `guess-${i}` }, '198.51.100.1')).status).toBe(401);
    const onB = await login(apiB, demoCredentials.manager, '198.51.100.1');
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The same account from another address is not refused, on either node.
    expect((await login(apiB, demoCredentials.manager, '198.51.100.2')).status).toBe(200);
  });

  it('attempts spread over both nodes add up to one count', async () => {
    const { email } = demoCredentials.viewer;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(i % 2 ? apiB : apiA, { email, password: `guess-${i}` }, '198.51.100.3')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('a node started again keeps the limits', async () => {
    const { email } = demoCredentials.admin;
    for (let i = 0; i < 5; i++) expect((await login(apiA, { email, password: `guess-${i}` }, '198.51.100.4')).status).toBe(401);
    await nodeA.close();
    nodeA = await startServer(config, { database, logger });
    apiA = apiClient(nodeA.url);
    expect((await login(apiA, demoCredentials.admin, '198.51.100.4')).status).toBe(429);
    expect((await login(apiA, demoCredentials.admin, '198.51.100.5')).status).toBe(200);
  });
});

describe('the public signing routes\' limit shared by the nodes', () => {
  it('an address that spent its budget on node A is refused on node B', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    for (let i = 0; i < 120; i++) expect((await apiA('GET', `/api/signing/not-a-token-${i}`, { headers })).status).toBe(400);
    const onB = await apiB('GET', '/api/signing/not-a-token', { headers });
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await apiB('GET', '/api/signing/not-a-token', { headers: { 'x-forwarded-for': '198.51.100.10' } })).status).toBe(400);
  });
});

describe('the limits\' database out of reach', () => {
  it('sign-in answers 503, not 500, and counts again once it is back', async () => {
    const target = new URL(tcpUrl(database.url));
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    const proxied = new URL(target);
    proxied.port = String(proxy.port);
    const sql = createPool(proxied.toString(), { max: 4 });
    const limits = postgresLimits(sql);
    const app = createApp({ ...nodeA.deps, sql, limits, throttle: createLoginThrottle({}, limits) }, { bodyLimit: '1mb', trustProxy: true });
    const http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const api = apiClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    try {
      expect((await login(api, demoCredentials.viewer, '198.51.100.20')).status).toBe(200);
      await proxy.cut();
      const out = await login(api, demoCredentials.viewer, '198.51.100.20');
      expect([out.status, out.body]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
      await proxy.restore();
      expect((await login(api, demoCredentials.viewer, '198.51.100.20')).status).toBe(200);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await proxy.cut();
      await sql.end({ timeout: 1 });
    }
  });
});
