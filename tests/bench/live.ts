import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { userAggregate } from '../../events/user/decider';
import type { Pool } from '../../events/store/types';
import { hashPassword } from '../../server/auth/passwords';
import type { Config } from '../../server/config';
import { createLogger } from '../../server/logger';
import { DEMO_USERS } from '../../server/seed/demoData';
import { startServer, type RunningServer } from '../../server/start';
import { ALL_LOCATIONS } from '@shared/constants';
import type { ChangeMessage, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import type { Location } from '@shared/schemas/locations';
import type { BenchDatabase } from './database';

/**
 * Live latency: how long after an administrator sends a REST mutation every browser allowed to
 * see it has the changed row, through the whole path (HTTP, command transaction and commit,
 * NOTIFY, the gateway's catch-up read and row load, socket.io). Two references, measured in the
 * same run: a bare socket.io server broadcasting a payload of the same size to the same number
 * of clients (what socket.io alone costs), and one PostgreSQL commit.
 *
 * Server and clients share this process and its event loop, as do the bare server and its
 * clients, so the two are comparable; absolute figures include the clients' own work.
 */
export interface LiveOptions {
  /** Managers limited to each of the two locations, one socket each. */
  clientsPerLocation: number;
  /** Measured mutations (and bare broadcasts, and commits), after `warmup` unmeasured ones. */
  samples: number;
  warmup: number;
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

export interface LiveResult {
  clients: number;
  samples: number;
  locations: [string, string];
  payloadBytes: number;
  live: Percentiles;
  /** Part of `live`: from sending the PUT until its answer is read. */
  answer: Percentiles;
  /** The rest of `live`, sample by sample: from the PUT's answer until the last socket has the row. */
  afterAnswer: Percentiles;
  /** `live` again, while tabs keep reconnecting far behind (each catching up CATCH_UP_BEHIND events). */
  underCatchUp: Percentiles;
  bare: Percentiles;
  commit: Percentiles;
}

const LOCATION_NAMES = ['55 Broadway', '60 Broad'] as const;
/** Tabs reconnecting at once during the catch-up measurement, and how far behind each is. */
export const CATCH_UP_TABS = 20;
export const CATCH_UP_BEHIND = 1900;
const TIMEOUT_MS = 15_000;

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Nearest-rank percentiles of samples in milliseconds. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`live bench: timed out waiting for ${what}`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function connect(url: string, auth: Record<string, unknown>, readyEvent: 'ready' | 'connect'): Promise<Client> {
  const socket: Client = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return withTimeout(
    new Promise<Client>((resolve, reject) => {
      if (readyEvent === 'ready') socket.once('ready', () => resolve(socket));
      else socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    }),
    `a socket's ${readyEvent}`,
  );
}

/**
 * Counts arrivals per key and group, keeping the time of the last one; `wait` resolves with
 * that time once a group has `count` arrivals for a key (whether they came before or after).
 */
export function arrivals() {
  const seen = new Map<string, { counts: number[]; last: number }>();
  const waiters = new Map<string, { group: number; count: number; resolve: (at: number) => void }>();
  const check = (key: string) => {
    const waiter = waiters.get(key);
    const entry = seen.get(key);
    if (!waiter || !entry || (entry.counts[waiter.group] ?? 0) < waiter.count) return;
    waiters.delete(key);
    waiter.resolve(entry.last);
  };
  return {
    record(key: string, group: number, at: number) {
      const entry = seen.get(key) ?? { counts: [0, 0], last: 0 };
      entry.counts[group] = (entry.counts[group] ?? 0) + 1;
      entry.last = Math.max(entry.last, at);
      seen.set(key, entry);
      check(key);
    },
    wait(key: string, group: number, count: number): Promise<number> {
      return withTimeout(
        new Promise<number>((resolve) => {
          waiters.set(key, { group, count, resolve });
          check(key);
        }),
        `${count} clients to receive ${key}`,
      );
    },
    /** Arrivals of `key` in `group` so far. */
    count: (key: string, group: number) => seen.get(key)?.counts[group] ?? 0,
  };
}

export const benchConfig = (): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '.data/unused',
  embeddedPgPort: 0,
  demoMode: true,
  jwtTtl: '1h',
  logLevel: 'warn',
  bodyLimit: '1mb',
  trustProxy: false,
});

/** The real server's path: REST PUT as the admin until every allowed client has the row. */
async function measureLive(
  server: RunningServer,
  options: LiveOptions,
  progress: (line: string) => void,
  clients: Client[],
): Promise<{ samples: number[]; answers: number[]; underCatchUp: number[]; message: ChangeMessage }> {
  const { sql, handle, tokens } = server.deps;
  const byName = new Map(
    (await sql<{ id: string; name: string }[]>`SELECT id, name FROM locations WHERE name IN ${sql([...LOCATION_NAMES])}`).map(
      (row) => [row.name, row.id],
    ),
  );
  const locationIds = LOCATION_NAMES.map((name) => {
    const id = byName.get(name);
    if (!id) throw new Error(`live bench: the demo location ${name} is missing`);
    return id;
  }) as [string, string];
  const [adminRow] = await sql<{ id: string }[]>`SELECT id FROM users WHERE email = ${DEMO_USERS.admin.email}`;
  if (!adminRow) throw new Error('live bench: the demo administrator is missing');
  const adminToken = await tokens.sign(adminRow.id);

  progress(`registering ${options.clientsPerLocation * 2} managers through the command path`);
  const passwordHash = await hashPassword(randomUUID());
  const tokensByGroup: string[][] = [[], []];
  for (const [group, location] of locationIds.entries()) {
    for (let i = 0; i < options.clientsPerLocation; i++) {
      const id = randomUUID();
      const profile = {
        name: `Bench Manager ${group === 0 ? 'X' : 'Y'}${i + 1}`,
        email: `bench.manager.${group}.${i + 1}@bench.example`,
        role: 'manager' as const,
        locations: [location],
        primary_location: location,
      };
      await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: passwordHash }, { userId: 'system', now: new Date() });
      tokensByGroup[group]!.push(await tokens.sign(id));
    }
  }

  progress(`connecting ${options.clientsPerLocation * 2} socket.io clients to the server`);
  const seen = arrivals();
  let lastMessage: ChangeMessage | undefined;
  await Promise.all(
    tokensByGroup.flatMap((groupTokens, group) =>
      groupTokens.map(async (token) => {
        const socket = await connect(server.url, { token }, 'ready');
        clients.push(socket);
        socket.on('change', (message) => {
          const at = performance.now();
          lastMessage = message;
          for (const change of message.changes) {
            if (change.entity === 'locations' && change.row) seen.record(`${change.id}@${change.row.version}`, group, at);
          }
        });
      }),
    ),
  );

  const put = async (i: number) => {
    const group = i % 2;
    const id = locationIds[group]!;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/locations/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ manager: `Bench Manager ${randomUUID().slice(0, 8)}` }),
    });
    if (res.status !== 200) throw new Error(`live bench: PUT answered ${res.status} ${await res.text()}`);
    const row = (await res.json()) as Location;
    const answered = performance.now();
    const last = await seen.wait(`${id}@${row.version}`, group, options.clientsPerLocation);
    return { latency: last - started, answer: answered - started, key: `${id}@${row.version}`, other: 1 - group };
  };

  progress(`${options.samples} REST mutations (+${options.warmup} warm-up), each until all ${options.clientsPerLocation} allowed clients have the change`);
  const sent: { key: string; other: number }[] = [];
  for (let i = 0; i < options.warmup; i++) sent.push(await put(i));
  const samples: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    const { latency, answer, key, other } = await put(i);
    samples.push(latency);
    answers.push(answer);
    sent.push({ key, other });
  }
  // The same mutations while, again and again, CATCH_UP_TABS viewers' tabs come back far behind
  // (a deploy): catch-up must not hold back the live path.
  progress(`${options.samples} more, while ${CATCH_UP_TABS} tabs keep reconnecting ${CATCH_UP_BEHIND} events behind`);
  const viewerTokens: string[] = [];
  for (let i = 0; i < CATCH_UP_TABS; i++) {
    const id = randomUUID();
    const profile = { name: `Bench Viewer ${i + 1}`, email: `bench.viewer.${i + 1}@bench.example`, role: 'viewer' as const, locations: [], primary_location: ALL_LOCATIONS };
    await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: passwordHash }, { userId: 'system', now: new Date() });
    viewerTokens.push(await tokens.sign(id));
  }
  const [last] = await sql<{ head: number }[]>`SELECT max(position)::int AS head FROM events`;
  const since = Math.max(0, (last?.head ?? 0) - CATCH_UP_BEHIND);
  let storming = true;
  let reconnects = 0;
  const storm = (async () => {
    while (storming) {
      const tabs = await Promise.all(viewerTokens.map((token) => connect(server.url, { token, since }, 'ready')));
      reconnects += tabs.length;
      for (const tab of tabs) tab.close();
    }
  })();
  const underCatchUp: number[] = [];
  try {
    for (let i = 0; i < options.samples; i++) {
      const { latency, key, other } = await put(i);
      underCatchUp.push(latency);
      sent.push({ key, other });
    }
  } finally {
    storming = false;
    await storm;
  }
  progress(`${reconnects} catch-ups served meanwhile`);
  // The permission boundary holds: no client saw the other location's change.
  const leaked = sent.reduce((n, { key, other }) => n + seen.count(key, other), 0);
  if (leaked > 0) throw new Error(`live bench: ${leaked} change(s) reached clients of the other location`);
  if (!lastMessage) throw new Error('live bench: no change message received');
  return { samples, answers, underCatchUp, message: lastMessage };
}

/** socket.io alone: a broadcast of the same payload to one room of clients at a time. */
async function measureBare(
  payload: ChangeMessage,
  options: LiveOptions,
  progress: (line: string) => void,
): Promise<number[]> {
  const http = createServer();
  const bare = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false, cors: { origin: false } });
  const rooms = ['x', 'y'];
  bare.on('connection', (socket) => {
    const room = (socket.handshake.auth as { room?: unknown }).room;
    if (typeof room === 'string' && rooms.includes(room)) socket.join(room);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Client[] = [];
  try {
    progress(`bare socket.io: ${options.clientsPerLocation * 2} clients, ${options.samples} broadcasts to ${options.clientsPerLocation} (+${options.warmup} warm-up)`);
    const seen = arrivals();
    for (const [group, room] of rooms.entries()) {
      const connected = await Promise.all(
        Array.from({ length: options.clientsPerLocation }, () => connect(url, { room }, 'connect')),
      );
      for (const socket of connected) {
        socket.on('change', (message) => seen.record(message.at, group, performance.now()));
        clients.push(socket);
      }
    }
    // Joining happens in the connection handler; wait until every room is full.
    await withTimeout(
      (async () => {
        while (rooms.some((room) => (bare.sockets.adapter.rooms.get(room)?.size ?? 0) < options.clientsPerLocation)) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })(),
      'the bare rooms to fill',
    );

    // Each broadcast is told apart by its `at`, a time as long as the real one: the same size.
    const origin = Date.parse(payload.at);
    const broadcast = async (i: number) => {
      const group = i % 2;
      const message: ChangeMessage = { ...payload, at: new Date(origin + i + 1).toISOString() };
      const started = performance.now();
      bare.to(rooms[group]!).emit('change', message);
      return (await seen.wait(message.at, group, options.clientsPerLocation)) - started;
    };
    for (let i = 0; i < options.warmup; i++) await broadcast(i);
    const samples: number[] = [];
    for (let i = options.warmup; i < options.warmup + options.samples; i++) samples.push(await broadcast(i));
    return samples;
  } finally {
    for (const socket of clients) socket.close();
    bare.disconnectSockets(true);
    await new Promise<void>((resolve) => bare.close(() => resolve())); // also closes `http`
  }
}

/**
 * One PostgreSQL commit: a single-row INSERT transaction. The table is an ordinary one, not a
 * temporary one: a transaction that wrote only a temporary table writes no WAL, so its commit
 * skips the WAL flush that every append pays.
 */
async function measureCommit(sql: Pool, options: LiveOptions, progress: (line: string) => void): Promise<number[]> {
  progress(`PostgreSQL: ${options.samples} single-row INSERT transactions (+${options.warmup} warm-up)`);
  await sql`CREATE TABLE bench_commit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())`;
  const commit = async () => {
    const started = performance.now();
    await sql.begin((tx) => tx`INSERT INTO bench_commit DEFAULT VALUES`);
    return performance.now() - started;
  };
  for (let i = 0; i < options.warmup; i++) await commit();
  const samples: number[] = [];
  for (let i = 0; i < options.samples; i++) samples.push(await commit());
  await sql`DROP TABLE bench_commit`;
  return samples;
}

/** Runs the three measurements on `database` (fresh, schema prepared) and closes what it opened. */
export async function benchLive(
  database: BenchDatabase,
  options: LiveOptions,
  progress: (line: string) => void,
): Promise<LiveResult> {
  progress('starting the server with demo data on a fresh database');
  const server = await startServer(benchConfig(), {
    // The bench closes its database itself.
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const clients: Client[] = [];
  let live: Awaited<ReturnType<typeof measureLive>>;
  try {
    live = await measureLive(server, options, progress, clients);
  } finally {
    for (const socket of clients) socket.close();
    await server.close();
  }
  const bare = await measureBare(live.message, options, progress);
  const commit = await measureCommit(database.sql, options, progress);
  return {
    clients: options.clientsPerLocation * 2,
    samples: options.samples,
    locations: [...LOCATION_NAMES],
    payloadBytes: Buffer.byteLength(JSON.stringify(live.message)),
    live: percentiles(live.samples),
    answer: percentiles(live.answers),
    afterAnswer: percentiles(live.samples.map((sample, i) => sample - live.answers[i]!)),
    underCatchUp: percentiles(live.underCatchUp),
    bare: percentiles(bare),
    commit: percentiles(commit),
  };
}
