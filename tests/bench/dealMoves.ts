import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/start';
import { ALL_LOCATIONS } from '@shared/constants';
import type { ChangeMessage, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import type { Deal } from '@shared/schemas/deals';
import type { BenchDatabase } from './database';
import { databaseCpu, processCpu } from './cpu';
import { arrivals, benchConfig, connect, percentiles, type Client, type Percentiles } from './live';
import { profiled } from './profile';
import { startLoad, type RawRow, type RequestLane, type RequestsDone } from './load';

/**
 * A deal dragged on the board, as everyone else on the board sees it: from the PATCH until all
 * `sockets` other browsers have the moved row. Reference in the same run: one raw INSERT +
 * NOTIFY, and on the notification a bare socket.io broadcast of the same row to as many clients.
 * Then throughput: `movers` users each dragging their own deal at once, against raw INSERTs of
 * the same event rows by as many writers.
 */
export interface DealMoveOptions {
  sockets: number;
  samples: number;
  warmup: number;
  movers: number;
  movesPerMover: number;
}

export interface DealMoveResult {
  live: Percentiles;
  bare: Percentiles;
  movesPerSecond: number;
  /** Each move's time from sending the PATCH to its answer, with all movers at once. */
  moveLatency: Percentiles;
  rawPerSecond: number;
  cpu: { move: CpuPer; rawRow: CpuPer };
  payloadBytes: number;
}

const STAGES = ['tour_booked', 'tour_completed'] as const;
/** Tabs per bench user: under the gateway's cap of tabs per user. */
const TABS_PER_USER = 10;

export async function benchDealMoves(database: BenchDatabase, options: DealMoveOptions, progress: (line: string) => void): Promise<DealMoveResult> {
  progress('starting the server with demo data (deals included) on a fresh database');
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const clients: Client[] = [];
  const live: number[] = [];
  let payload: ChangeMessage | undefined;
  let throughput: Awaited<ReturnType<typeof measureMoves>>;
  try {
    const { sql, handle, tokens } = server.deps;
    const [admin] = await sql<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY email LIMIT 1`;
    const adminToken = await tokens.sign(admin!.id);
    progress(`connecting ${options.sockets} viewers' sockets`);
    const hash = await hashPassword(randomUUID());
    const viewerTokens: string[] = [];
    for (let i = 0; i < Math.ceil(options.sockets / TABS_PER_USER); i++) {
      const id = randomUUID();
      const profile = { name: `Board Viewer ${i + 1}`, email: `board.viewer.${i + 1}@bench.example`, role: 'viewer' as const, locations: [], primary_location: ALL_LOCATIONS };
      await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: hash }, { userId: 'system', now: new Date() });
      viewerTokens.push(await tokens.sign(id));
    }
    const seen = arrivals();
    await Promise.all(
      Array.from({ length: options.sockets }, async (_, i) => {
        const socket = await connect(server.url, { token: viewerTokens[Math.floor(i / TABS_PER_USER)] }, 'ready');
        clients.push(socket);
        socket.on('change', (message) => {
          const at = performance.now();
          for (const change of message.changes) {
            if (change.entity !== 'deals' || !change.row) continue;
            payload = message;
            seen.record(`${change.id}@${change.row.version}`, 0, at);
          }
        });
      }),
    );

    const deals = ((await (await fetch(`${server.url}/api/deals`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as Deal[]).filter(
      (d) => d.stage !== 'agreement_signed' && d.stage !== 'close_lost',
    );
    const patch = async (deal: Deal, i: number) => {
      const res = await fetch(`${server.url}/api/deals/${deal.id}/stage`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ stage: STAGES[i % 2] }),
      });
      if (res.status !== 200) throw new Error(`deal bench: PATCH answered ${res.status} ${await res.text()}`);
      return (await res.json()) as Deal;
    };

    progress(`${options.samples} moves (+${options.warmup} warm-up), each until all ${options.sockets} sockets have it`);
    const deal = deals[0]!;
    for (let i = 0; i < options.warmup + options.samples; i++) {
      const started = performance.now();
      const row = await patch(deal, i);
      const last = await seen.wait(`${row.id}@${row.version}`, 0, options.sockets);
      if (i >= options.warmup) live.push(last - started);
    }

    // Throughput without the measuring clients: they share this process, and 200 of them would
    // charge their own work to the server.
    for (const socket of clients.splice(0)) socket.close();
    throughput = await measureMoves(server, database, deals.slice(1), options, progress);
  } finally {
    for (const socket of clients) socket.close();
    await server.close();
  }
  const bare = await measureBare(database, payload!, options, progress);
  const raw = await measureRawAppends(database, throughput.moved, options, progress);
  return {
    live: percentiles(live),
    bare: percentiles(bare),
    movesPerSecond: throughput.perSecond,
    moveLatency: throughput.latency,
    rawPerSecond: raw.perSecond,
    cpu: { move: throughput.cpu, rawRow: raw.cpu },
    payloadBytes: Buffer.byteLength(JSON.stringify(payload)),
  };
}

/** One raw INSERT + NOTIFY; on the notification a bare socket.io server broadcasts the row. */
async function measureBare(database: BenchDatabase, payload: ChangeMessage, options: DealMoveOptions, progress: (line: string) => void): Promise<number[]> {
  progress(`bare: INSERT + NOTIFY, then a socket.io broadcast to ${options.sockets} clients`);
  const { sql } = database;
  await sql`CREATE TABLE bench_moves (id bigserial PRIMARY KEY, data jsonb NOT NULL)`;
  const http = createServer();
  const bare = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false, cors: { origin: false } });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Client[] = [];
  const seen = arrivals();
  try {
    const connected = await Promise.all(Array.from({ length: options.sockets }, () => connect(url, {}, 'connect')));
    for (const socket of connected) {
      socket.on('change', (message) => seen.record(message.at, 0, performance.now()));
      clients.push(socket);
    }
    const subscription = await sql.listen('bench_moves', (at) => {
      bare.emit('change', { ...payload, at });
    });
    const samples: number[] = [];
    for (let i = 0; i < options.warmup + options.samples; i++) {
      const at = new Date(Date.parse(payload.at) + i + 1).toISOString();
      const started = performance.now();
      await sql.begin(async (tx) => {
        await tx`INSERT INTO bench_moves (data) VALUES (${tx.json(JSON.parse(JSON.stringify(payload)))})`;
        await tx`SELECT pg_notify('bench_moves', ${at})`;
      });
      const last = await seen.wait(at, 0, options.sockets);
      if (i >= options.warmup) samples.push(last - started);
    }
    await subscription.unlisten();
    return samples;
  } finally {
    for (const socket of clients) socket.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await sql`DROP TABLE IF EXISTS bench_moves`;
  }
}

/** CPU of one unit of work, µs: on the node (the server, or the raw writers' process) and on the database (null: not measurable here). */
export interface CpuPer {
  node: number;
  database: number | null;
}

/**
 * `movers` users, each with their own deal at that deal's location, dragging it back and forth
 * at once; the HTTP clients run in a child process, so the server process's CPU is its own.
 */
async function measureMoves(server: RunningServer, database: BenchDatabase, deals: Deal[], options: DealMoveOptions, progress: (line: string) => void) {
  const { sql, handle, tokens } = server.deps;
  const hash = await hashPassword(randomUUID());
  const lanes: RequestLane[] = [];
  for (const [i, deal] of deals.slice(0, options.movers).entries()) {
    const id = randomUUID();
    const profile = { name: `Deal Mover ${i + 1}`, email: `deal.mover.${i + 1}@bench.example`, role: 'manager' as const, locations: [deal.location_id], primary_location: deal.location_id };
    await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: hash }, { userId: 'system', now: new Date() });
    const steps = STAGES.map((stage) => ({ method: 'PATCH' as const, path: `/api/deals/${deal.id}/stage`, body: { stage } }));
    lanes.push({ token: await tokens.sign(id), steps, offset: deal.stage === STAGES[0] ? 1 : 0 });
  }
  if (lanes.length < options.movers) throw new Error(`deal bench: ${options.movers} movers need as many open deals, found ${lanes.length}`);
  const load = startLoad();
  try {
    const dbCpu = await databaseCpu(sql);
    progress(`${options.movers} users dragging their own deal at once (clients in a child process): ${options.warmup} moves each to warm up`);
    checkAllOk(await load.run({ kind: 'requests', url: server.url, lanes, limit: { count: options.warmup } }));
    progress(`${options.movers} users dragging their own deal at once, ${options.movesPerMover} moves each`);
    const before = (await sql<{ position: number }[]>`SELECT coalesce(max(position), 0)::int AS position FROM events`)[0]!.position;
    const nodeStart = processCpu();
    const dbStart = dbCpu?.read();
    const done = await profiled('moves', () => load.run({ kind: 'requests', url: server.url, lanes, limit: { count: options.movesPerMover } }));
    const nodeCpu = processCpu() - nodeStart;
    const dbUsed = dbCpu && dbStart !== undefined ? dbCpu.read() - dbStart : null;
    checkAllOk(done);
    const moves = done.latencies.length;
    const moved = (await sql<RawRow[]>`SELECT stream_id AS stream, data FROM events WHERE position > ${before} AND type = 'DealMoved' ORDER BY position`).map((r) => ({ ...r }));
    return {
      perSecond: moves / (done.elapsedMs / 1000),
      latency: percentiles(done.latencies),
      cpu: { node: nodeCpu / moves, database: dbUsed === null ? null : dbUsed / moves } satisfies CpuPer,
      moved,
    };
  } finally {
    await load.stop();
  }
}

function checkAllOk(done: RequestsDone) {
  const refused = Object.entries(done.statuses).filter(([status]) => status !== '200');
  if (refused.length > 0) throw new Error(`deal bench: answers other than 200: ${JSON.stringify(done.statuses)}`);
}

/**
 * The same event rows, raw: `movers` writers, one INSERT transaction per row, in a child process
 * as the movers' clients are; its CPU is the node's side of a raw row.
 */
async function measureRawAppends(database: BenchDatabase, moved: RawRow[], options: DealMoveOptions, progress: (line: string) => void): Promise<{ perSecond: number; cpu: CpuPer }> {
  progress(`raw INSERT of the same ${moved.length} event rows by ${options.movers} writers (in a child process)`);
  const { sql } = database;
  const table = 'bench_raw_moves';
  await sql`CREATE TABLE bench_raw_moves (position bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)`;
  const load = startLoad();
  try {
    const dbCpu = await databaseCpu(sql);
    const lanes = Array.from({ length: options.movers }, (_, lane) => moved.filter((_, i) => i % options.movers === lane));
    const dbStart = dbCpu?.read();
    const done = await load.run({ kind: 'raw', url: database.url, table, lanes });
    const dbUsed = dbCpu && dbStart !== undefined ? dbCpu.read() - dbStart : null;
    return {
      perSecond: moved.length / (done.elapsedMs / 1000),
      cpu: { node: done.cpuMicros / moved.length, database: dbUsed === null ? null : dbUsed / moved.length },
    };
  } finally {
    await load.stop();
    await sql`DROP TABLE bench_raw_moves`;
  }
}
