import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { createLogger } from '../../server/logger';
import { DEMO_USERS } from '../../server/seed/demoData';
import { startServer, type RunningServer } from '../../server/start';
import { ALL_LOCATIONS, type Role } from '@shared/constants';
import type { ChangeMessage, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import type { Location } from '@shared/schemas/locations';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import type { BenchDatabase } from './database';
import { arrivals, benchConfig, connect, percentiles, type Client, type Percentiles } from './live';

/**
 * Live push to a crowd: a location edited through the API (PUT, the command, its commit) until
 * all `sockets` browsers have the row, against the least any server could do with the same
 * database and the same crowd: one raw INSERT + NOTIFY, and on the LISTEN side a bare socket.io
 * broadcast of the same row to as many sockets. Then the same write sent to a second server
 * process (node A) while the sockets stay on the first (node B): the push crosses nodes through
 * the log and its NOTIFY alone.
 *
 * Node B, the bare server and every client share this process (as in the other live benches),
 * so the server's work and the clients' is charged alike to both; node A is a child process
 * started only for the two-node part, so it takes no share of the cores before.
 */
export interface PushOptions {
  sockets: number;
  /** Tabs per user (under the gateway's cap per user). */
  tabsPerUser: number;
  /** Measured writes per figure, after `warmup` unmeasured ones; alternated with the reference in `rounds`. */
  samples: number;
  warmup: number;
  rounds: number;
}

export interface PushResult {
  sockets: number;
  users: number;
  /** Kinds of users (role and locations) among them: the views the gateway computes per push. */
  audiences: number;
  payloadBytes: number;
  oneNode: Percentiles;
  /** Part of `oneNode`: until the PUT is answered. */
  answer: Percentiles;
  /** The raw reference, measured alternately with `oneNode`. */
  bare: Percentiles;
  twoNodes: Percentiles;
  /** The raw reference again, alternately with `twoNodes`. */
  bareTwo: Percentiles;
}

/** Who holds the tabs: every kind of user that may see the edited location. */
const AUDIENCE: { role: Role; here: boolean; elsewhere: boolean }[] = [
  { role: 'admin', here: false, elsewhere: false },
  { role: 'viewer', here: false, elsewhere: false },
  { role: 'viewer', here: true, elsewhere: false },
  { role: 'manager', here: true, elsewhere: false },
  { role: 'manager', here: true, elsewhere: true },
];

const LOCATION = '55 Broadway';
const OTHER = '60 Broad';

export async function benchPush(database: BenchDatabase, options: PushOptions, progress: (line: string) => void): Promise<PushResult> {
  progress('starting node B with demo data on a fresh database');
  const nodeB = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const clients: Client[] = [];
  const bare = await bareServer(database, options, progress);
  let nodeA: MainProcess | null = null;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-bench-node-'));
  try {
    const crowd = await connectCrowd(nodeB, options, progress, clients);
    await bare.connect(crowd.message);
    const sample = (via: string) => crowd.write(via);

    const one: number[] = [];
    const answers: number[] = [];
    const reference: number[] = [];
    progress(`one node: ${options.samples} writes and ${options.samples} raw references, alternating in ${options.rounds} rounds`);
    for (let i = 0; i < options.warmup; i++) await sample(nodeB.url);
    for (let i = 0; i < options.warmup; i++) await bare.sample();
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < share(options.samples, options.rounds, round); i++) {
        const { latency, answer } = await sample(nodeB.url);
        one.push(latency);
        answers.push(answer);
      }
      for (let i = 0; i < share(options.samples, options.rounds, round); i++) reference.push(await bare.sample());
    }

    progress('starting node A, a second server process on the same database');
    nodeA = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir, databaseUrl: database.url, env: { DEMO_MODE: 'true' } });
    await nodeA.start();
    const two: number[] = [];
    const referenceTwo: number[] = [];
    progress(`two nodes: ${options.samples} writes on A to the sockets on B, alternating with the raw reference`);
    for (let i = 0; i < options.warmup; i++) await sample(nodeA.origin);
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < share(options.samples, options.rounds, round); i++) two.push((await sample(nodeA.origin)).latency);
      for (let i = 0; i < share(options.samples, options.rounds, round); i++) referenceTwo.push(await bare.sample());
    }
    return {
      sockets: options.sockets,
      users: crowd.users,
      audiences: AUDIENCE.length,
      payloadBytes: Buffer.byteLength(JSON.stringify(crowd.message)),
      oneNode: percentiles(one),
      answer: percentiles(answers),
      bare: percentiles(reference),
      twoNodes: percentiles(two),
      bareTwo: percentiles(referenceTwo),
    };
  } finally {
    for (const socket of clients) socket.close();
    await bare.close();
    await nodeA?.stop();
    await nodeB.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const share = (total: number, parts: number, part: number) => Math.floor((total * (part + 1)) / parts) - Math.floor((total * part) / parts);

/**
 * Registers the users (every kind in AUDIENCE, in turn), connects their tabs to node B, and
 * returns `write`: one PUT of the location's manager through `origin`, timed until every socket
 * has the row at its new version.
 */
async function connectCrowd(server: RunningServer, options: PushOptions, progress: (line: string) => void, clients: Client[]) {
  const { sql, handle, tokens } = server.deps;
  const ids = new Map((await sql<{ id: string; name: string }[]>`SELECT id, name FROM locations WHERE name IN (${LOCATION}, ${OTHER})`).map((r) => [r.name, r.id]));
  const here = ids.get(LOCATION);
  const elsewhere = ids.get(OTHER);
  if (!here || !elsewhere) throw new Error('push bench: the demo locations are missing');
  const [adminRow] = await sql<{ id: string }[]>`SELECT id FROM users WHERE email = ${DEMO_USERS.admin.email}`;
  const adminToken = await tokens.sign(adminRow!.id);

  const users = Math.ceil(options.sockets / options.tabsPerUser);
  progress(`registering ${users} users of ${AUDIENCE.length} kinds through the command path`);
  const hash = await hashPassword(randomUUID());
  const userTokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const kind = AUDIENCE[i % AUDIENCE.length]!;
    const locations = [...(kind.here ? [here] : []), ...(kind.elsewhere ? [elsewhere] : [])];
    const id = randomUUID();
    const profile = {
      name: `Crowd ${kind.role} ${i + 1}`,
      email: `crowd.${i + 1}@bench.example`,
      role: kind.role,
      locations,
      primary_location: locations[0] ?? ALL_LOCATIONS,
    };
    await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: hash }, { userId: 'system', now: new Date() });
    userTokens.push(await tokens.sign(id));
  }

  progress(`connecting ${options.sockets} sockets to node B`);
  const seen = arrivals();
  let message: ChangeMessage | undefined;
  for (let start = 0; start < options.sockets; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, options.sockets - start) }, async (_, j) => {
        const socket = await connect(server.url, { token: userTokens[Math.floor((start + j) / options.tabsPerUser)] }, 'ready');
        clients.push(socket);
        socket.on('change', (pushed) => {
          const at = performance.now();
          for (const change of pushed.changes) {
            if (change.entity !== 'locations' || change.id !== here || !change.row) continue;
            message = pushed;
            seen.record(String(change.row.version), 0, at);
          }
        });
      }),
    );
  }

  const write = async (origin: string) => {
    const started = performance.now();
    const res = await fetch(`${origin}/api/locations/${here}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ manager: `Crowd Manager ${randomUUID().slice(0, 8)}` }),
    });
    if (res.status !== 200) throw new Error(`push bench: PUT answered ${res.status} ${await res.text()}`);
    const row = (await res.json()) as Location;
    const answer = performance.now() - started;
    const last = await seen.wait(String(row.version), 0, options.sockets);
    return { latency: last - started, answer };
  };
  // One write now: its message is the reference's payload.
  await write(server.url);
  if (!message) throw new Error('push bench: no change message received');
  return { users, message, write };
}

/**
 * The reference: a bare socket.io server whose LISTEN connection broadcasts the row to all its
 * sockets on each NOTIFY, and a writer that INSERTs the row and NOTIFYs in one transaction.
 */
async function bareServer(database: BenchDatabase, options: PushOptions, progress: (line: string) => void) {
  const { sql } = database;
  await sql`CREATE TABLE bench_push (id bigserial PRIMARY KEY, data jsonb NOT NULL)`;
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false, cors: { origin: false } });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Client[] = [];
  const seen = arrivals();
  let payload: ChangeMessage | undefined;
  let count = 0;
  const listener = await sql.listen('bench_push', (at) => {
    if (payload) io.emit('change', { ...payload, at });
  });
  return {
    async connect(message: ChangeMessage) {
      payload = message;
      progress(`connecting ${options.sockets} sockets to the bare socket.io server`);
      for (let start = 0; start < options.sockets; start += 100) {
        const batch = await Promise.all(Array.from({ length: Math.min(100, options.sockets - start) }, () => connect(url, {}, 'connect')));
        for (const socket of batch) {
          socket.on('change', (pushed) => seen.record(pushed.at, 0, performance.now()));
          clients.push(socket);
        }
      }
    },
    /** One raw write until every bare socket has the row; each told apart by its `at`, of the real one's length. */
    async sample(): Promise<number> {
      const at = new Date(Date.parse(payload!.at) + ++count).toISOString();
      const started = performance.now();
      await sql.begin(async (tx) => {
        await tx`INSERT INTO bench_push (data) VALUES (${tx.json(JSON.parse(JSON.stringify(payload)))})`;
        await tx`SELECT pg_notify('bench_push', ${at})`;
      });
      return (await seen.wait(at, 0, options.sockets)) - started;
    },
    async close() {
      for (const socket of clients) socket.close();
      await listener.unlisten().catch(() => undefined);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await sql`DROP TABLE IF EXISTS bench_push`;
    },
  };
}
