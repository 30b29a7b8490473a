import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, demoCredentials, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ metrics: { port: 0, host: '127.0.0.1' } });
});
afterAll(async () => {
  await server.stop();
});

describe('what operators watch', () => {
  it('health says up and nothing more; readiness says ready while the database answers and the push keeps up', async () => {
    const health = await server.api('GET', '/api/health');
    expect([health.status, health.body]).toEqual([200, { status: 'ok' }]);
    const ready = await server.api('GET', '/api/ready');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
  });

  it('serves Prometheus metrics on their own port: request latency by route, sockets, push lag, the log head, event loop, database connections', async () => {
    const { access_token: token } = await signIn(server.api, demoCredentials.admin);
    expect((await server.api('GET', '/api/offices', { token })).status).toBe(200);
    expect(server.metricsPort).not.toBeNull();
    expect((await fetch(`${server.url}/metrics`)).status).not.toBe(200);
    const res = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/offices",status="200"\} [1-9]/);
    expect(text).toMatch(/^live_sockets \d+$/m);
    expect(text).toMatch(/^live_push_lag_events \d+$/m);
    expect(text).toMatch(/^event_log_head_position [1-9]\d*$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^db_connections\{state="(active|idle)"\} [1-9]/m);
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/other`)).status).toBe(404);
  });
});
