import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../events/store/connect';
import { tcpUrl } from '../../events/store/socketTarget';
import type { Pool } from '../../events/store/types';
import { createApp } from '../../server/app';
import { DATABASE_UNAVAILABLE } from '../../server/middleware/errors';
import { apiClient, demoCredentials, signIn, startTestServer, type Api, type TestServer } from '../support/server';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';

/** The app on a connection to its database that the test cuts while a signed-in user calls it. */
let server: TestServer;
let proxy: TcpProxy;
let sql: Pool;
let http: Server;
let api: Api;
let token: string;
/** A user who has not called the proxied app yet: held in no memory, so authenticating them reads the database. */
let unseenToken: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
  unseenToken = (await signIn(server.api, demoCredentials.viewer)).access_token;
  const target = new URL(tcpUrl(server.database.url));
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  const proxied = new URL(target);
  proxied.port = String(proxy.port);
  sql = createPool(proxied.toString(), { max: 10 });
  http = createServer(createApp({ ...server.deps, sql }, { bodyLimit: '1mb' }).callback());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  api = apiClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  await proxy?.cut();
  await sql?.end({ timeout: 1 });
  await server?.stop();
});

describe('database unreachable while authenticating', () => {
  it('answers 503 Service unavailable, not 500, and the server stays up', async () => {
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
    await proxy.cut();
    for (const path of ['/api/auth/me', '/api/locations', '/api/no-such-route']) {
      const res = await api('GET', path, { token: unseenToken });
      expect(res.status, `${path} ${res.text}`).toBe(503);
      expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    // Routes that need no database still answer: the process did not fall over. It is alive
    // (health) but not ready for traffic, and says why.
    expect((await api('GET', '/api/config')).status).toBe(200);
    expect((await api('GET', '/api/health')).status).toBe(200);
    const ready = await api('GET', '/api/ready');
    expect([ready.status, ready.body]).toEqual([503, { status: 'not ready', reason: 'The database cannot be reached' }]);
    expect(server.logs.some((line) => line.includes('"database unavailable"'))).toBe(true);
    expect(server.logs.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('serves again once the database is back, after more failed connections than the pool holds', async () => {
    await proxy.cut();
    const failed = await Promise.all(Array.from({ length: 30 }, () => api('GET', '/api/locations', { token })));
    expect(failed.map((r) => r.status)).toEqual(Array(30).fill(503));
    await proxy.restore();
    // Each pooled connection reconnects on its next use; none is lost for good.
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      statuses = (await Promise.all(Array.from({ length: 20 }, () => api('GET', '/api/locations', { token })))).map((r) => r.status);
      if (statuses.every((s) => s === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses).toEqual(Array(20).fill(200));
  });
});
