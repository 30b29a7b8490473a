import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/locations';
import type { ClosingMessage } from '@shared/realtime';
import { listen } from '../support/sockets';
import { signIn, startTestServer, type TestServer } from '../support/server';

/**
 * A node told to stop: readiness answers 503 at once, a request in flight finishes, kept-alive
 * connections are asked to close, sockets are told to reconnect, and the node stops listening;
 * the drain ends by itself when the time allowed is up.
 */
let server: TestServer | null = null;
/** Set once a test has closed its server itself. */
let closed = false;

afterEach(async () => {
  if (server && !closed) await server.close();
  await server?.database.close();
  server = null;
  closed = false;
});

const admin = { email: 'drain@flexspace.test', password: 'drain-password' };

/** A server with one administrator and one location: no demo data to seed. */
async function startWithLocation(drain: { delayMs: number; timeoutMs: number }) {
  server = await startTestServer({ demoMode: false, bootstrapAdmin: { ...admin, name: 'Drain Admin' }, drain });
  const token = (await signIn(server.api, admin)).access_token;
  const created = await server.api('POST', '/api/locations', {
    token,
    body: { name: 'Drain House', city: 'Brooklyn', address: '1 Drain St', manager: 'Nobody Yet' },
  });
  expect(created.status, created.text).toBe(201);
  return { running: server, token, location: created.body as Location };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(url: string, options: { method?: string; token?: string; body?: unknown; agent?: Agent | false } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Resolves with the error code of a connection attempt once the node no longer takes one. */
async function untilRefused(url: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      // A new connection each time: a kept-alive one from earlier requests would be reset, not refused.
      await send(url, { agent: new Agent({ keepAlive: false }) });
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the node kept taking connections');
}

/**
 * Holds the location's row, so a write to it waits inside its command (in its projection's
 * UPDATE) until `release` is called.
 */
async function holdRow(target: TestServer, locationId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = target.database.sql.begin(async (tx) => {
    await tx`SELECT id FROM locations WHERE id = ${locationId} FOR UPDATE`;
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

describe('a node told to stop', () => {
  it('answers 503 on readiness, finishes the write in flight, moves its sockets, then stops listening', async () => {
    const { running, token, location } = await startWithLocation({ delayMs: 300, timeoutMs: 30_000 });
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(`${running.url}/api/ready`, { agent: keptAlive })).status).toBe(200);
    const socket = listen(running.url, { token });
    await socket.ready;
    const closing: ClosingMessage[] = [];
    socket.socket.on('closing', (message) => closing.push(message));

    const row = await holdRow(running, location.id);
    const write = send(`${running.url}/api/locations/${location.id}`, { method: 'PUT', token, body: { manager: 'Written While Stopping' } });
    for (let attempt = 0; attempt < 200 && running.deps.drain.inFlight() === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running.deps.drain.inFlight()).toBe(1);

    const stopping = running.close().then(() => (closed = true));
    // Readiness on the kept-alive connection: 503 at once, and the connection is not kept.
    const ready = await send(`${running.url}/api/ready`, { agent: keptAlive });
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).reason).toBe('The node is stopping');
    expect(ready.connection).toBe('close');

    // Then new connections are refused (a proxy sends them elsewhere), the socket told to come back.
    expect(await untilRefused(`${running.url}/api/health`)).toBe('ECONNREFUSED');
    for (let attempt = 0; attempt < 200 && closing.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closing).toEqual([{ reason: 'The server is restarting', reconnect: true }]);
    // ... while the write still waits, and the node with it.
    expect(closed).toBe(false);

    await row.release();
    const answer = await write;
    expect(answer.status, answer.body).toBe(200);
    await stopping;
    const [event] = await running.database.sql<{ data: { manager: string } }[]>`
      SELECT data FROM events WHERE stream_id = ${`location-${location.id}`} ORDER BY version DESC LIMIT 1`;
    expect(event?.data.manager).toBe('Written While Stopping');
    socket.close();
    keptAlive.destroy();
  });

  it('cuts what is left when the time allowed is up', async () => {
    const { running, token, location } = await startWithLocation({ delayMs: 0, timeoutMs: 300 });
    const row = await holdRow(running, location.id);
    const write = send(`${running.url}/api/locations/${location.id}`, { method: 'PUT', token, body: { manager: 'Never Answered' } }).then(
      (answer) => answer,
      (error: { code?: string }) => error.code,
    );
    for (let attempt = 0; attempt < 200 && running.deps.drain.inFlight() === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));

    await running.close();
    closed = true;
    // The write never answered: its connection was cut.
    expect(await write).toBe('ECONNRESET');
    await row.release();
  });
});
