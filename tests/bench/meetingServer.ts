import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';
import type { BenchDatabase } from './database';
import { apiAs, type Api } from './dealBoard';
import { benchConfig } from './live';

/** The real server for the meeting benches, with the demo admin's API and tokens minted for bench users. */
export interface MeetingServer {
  url: string;
  adminToken: string;
  api: Api;
  /** `count` users made through the API (role and locations given), each with a token of its own. */
  users(count: number, prefix: string, role: 'viewer' | 'manager', locations: string[]): Promise<{ id: string; token: string }[]>;
  close(): Promise<void>;
}

export async function startMeetingServer(database: BenchDatabase): Promise<MeetingServer> {
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@flexspace.demo', password: 'flexspace-demo' }),
  });
  const { access_token: adminToken } = (await login.json()) as { access_token: string };
  const api = apiAs(server.url, adminToken);
  return {
    url: server.url,
    adminToken,
    api,
    async users(count, prefix, role, locations) {
      const made: { id: string; token: string }[] = [];
      for (let i = 0; i < count; i++) {
        const user = await api<{ id: string }>('POST', '/api/users', {
          name: `${prefix} ${i + 1}`,
          email: `${prefix.toLowerCase().replace(/\W+/g, '.')}.${i + 1}.${Date.now() % 100000}@bench.example`,
          password: 'bench-meeting-password',
          role,
          locations,
          primary_location: locations[0] ?? 'All Locations',
        });
        // Signed in without the sign-in route, whose throttle is for people, not a bench's fifty users.
        made.push({ id: user.id, token: await server.deps.tokens.sign(user.id) });
      }
      return made;
    },
    close: () => server.close(),
  };
}

/** A socket.io client as the app's (websocket only, no reconnection), connected. */
export async function connectSocket(url: string, auth: Record<string, unknown> = {}): Promise<Socket> {
  const socket = connectClient(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * A bare socket.io server, the reference: whatever one socket sends (`event`) goes on to every
 * other socket as it came, with nothing checked, scoped or held back.
 */
export async function startBareRelay(event: string, volatile: boolean): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on(event, (message: unknown) => {
      if (volatile) socket.broadcast.volatile.emit(event, message);
      else socket.broadcast.emit(event, message);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
