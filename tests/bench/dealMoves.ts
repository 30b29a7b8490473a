import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';
import { ALL_LOCATIONS } from '@shared/constants';
import type { ChangeMessage, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import type { Deal } from '@shared/schemas/deals';
import type { BenchDatabase } from './database';
import { arrivals, benchConfig, connect, percentiles, type Client, type Percentiles } from './live';

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
  rawPerSecond: number;
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
  let movesPerSecond: number;
  let moved: { stream: string; data: unknown }[];
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
    progress(`${options.movers} users dragging their own deal at once, ${options.movesPerMover} moves each`);
    const mine = deals.slice(1, 1 + options.movers);
    const before = (await sql<{ position: number }[]>`SELECT coalesce(max(position), 0)::int AS position FROM events`)[0]!.position;
    const started = performance.now();
    await Promise.all(mine.map(async (d) => {
      for (let i = 0; i < options.movesPerMover; i++) await patch(d, i + 1);
    }));
    movesPerSecond = (mine.length * options.movesPerMover) / ((performance.now() - started) / 1000);
    moved = (await sql<{ stream_id: string; data: unknown }[]>`SELECT stream_id, data FROM events WHERE position > ${before} AND type = 'DealMoved' ORDER BY position`).map(
      (r) => ({ stream: r.stream_id, data: r.data }),
    );
  } finally {
    for (const socket of clients) socket.close();
    await server.close();
  }
  const bare = await measureBare(database, payload!, options, progress);
  const rawPerSecond = await measureRawAppends(database, moved, options, progress);
  return { live: percentiles(live), bare: percentiles(bare), movesPerSecond, rawPerSecond, payloadBytes: Buffer.byteLength(JSON.stringify(payload)) };
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

/** The same event rows, raw: `movers` writers, one INSERT transaction per row. */
async function measureRawAppends(database: BenchDatabase, moved: { stream: string; data: unknown }[], options: DealMoveOptions, progress: (line: string) => void): Promise<number> {
  progress(`raw INSERT of the same ${moved.length} event rows by ${options.movers} writers`);
  const { sql } = database;
  await sql`CREATE TABLE bench_raw_moves (position bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)`;
  try {
    const lanes = Array.from({ length: options.movers }, (_, lane) => moved.filter((_, i) => i % options.movers === lane));
    const started = performance.now();
    await Promise.all(lanes.map(async (rows) => {
      for (const row of rows) await sql.begin((tx) => tx`INSERT INTO bench_raw_moves (stream_id, data) VALUES (${row.stream}, ${tx.json(row.data as never)})`);
    }));
    return moved.length / ((performance.now() - started) / 1000);
  } finally {
    await sql`DROP TABLE bench_raw_moves`;
  }
}
