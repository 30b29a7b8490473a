import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRELATION_HEADER } from '@shared/realtime';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';
import { listen } from '../support/sockets';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
});
afterAll(async () => {
  await server.stop();
});

const lines = () => server.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('structured logs', () => {
  it('joins a request to the push of its change by one correlation id', async () => {
    const socket = listen(server.url, { token });
    await socket.ready;
    const location = (await server.api('GET', '/api/locations', { token })).body[0];
    const correlation = randomUUID();
    const res = await server.api('PUT', `/api/locations/${location.id}`, { token, body: { manager: 'Traced' }, headers: { [CORRELATION_HEADER]: correlation } });
    expect(res.status).toBe(200);
    await socket.until((changes) => changes.some((c) => c.correlation_id === correlation));
    const position = socket.changes.find((c) => c.correlation_id === correlation)!.position;
    socket.close();

    const request = lines().find((l) => l.msg === 'request' && l.correlation_id === correlation);
    expect(request).toMatchObject({ method: 'PUT', status: 200, request_id: res.headers.get('x-request-id') });
    await expect.poll(() => lines().find((l) => l.msg === 'pushed' && l.correlation_id === correlation)).toMatchObject({ position, event_type: 'LocationUpdated' });
    expect((lines().find((l) => l.msg === 'pushed' && l.correlation_id === correlation)!.sockets as number)).toBeGreaterThanOrEqual(1);
  });

  it('uses the request id as the correlation id when the client sends none', async () => {
    const location = (await server.api('GET', '/api/locations', { token })).body[1];
    const res = await server.api('PUT', `/api/locations/${location.id}`, { token, body: { manager: 'Untraced' } });
    const requestId = res.headers.get('x-request-id');
    expect(lines().find((l) => l.msg === 'request' && l.request_id === requestId)).toMatchObject({ correlation_id: requestId });
    await expect.poll(() => lines().some((l) => l.msg === 'pushed' && l.correlation_id === requestId)).toBe(true);
  });
});
