import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { createLogger } from '../../server/logger';
import { DEMO_USERS } from '../../server/seed/demoData';
import { startServer, type RunningServer } from '../../server/start';
import type { ChangeMessage, ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';
import type { Office } from '@shared/schemas/offices';
import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { arrivals, benchConfig, connect, percentiles, withTimeout, type Client, type Percentiles } from './live';
import { percentileFigures } from './percentileFigures';
import { count, ms, percentileCells, ratio, seconds, table, type Progress } from './report';

/**
 * The floor plan's live path: an office's status changed through the API until every socket of
 * the managers viewing its floor has the office's box (floor_placements) with the new status, the
 * row re-stamped because the office it shows changed. Reference, in the same run: a bare socket.io
 * broadcast of the same payload to the same number of sockets. `FLOORPLAN_SOCKETS`,
 * `FLOORPLAN_SAMPLES` for bigger runs.
 */
const FLOORPLAN = {
  sockets: Number(process.env.FLOORPLAN_SOCKETS ?? 200),
  samples: Number(process.env.FLOORPLAN_SAMPLES ?? 100),
  warmup: 10,
};
/** The push to the floor's viewers should stay within this many times the bare broadcast's p99 plus one commit's p99. */
const FLOORPLAN_TARGET = 2;
const LOCATION = '55 Broadway';
/** Two statuses an office without a company may take in turn. */
const STATUSES = ['PENDING', 'UNAVAILABLE'] as const;

interface FloorplanResult {
  floor: number;
  office: string;
  live: Percentiles;
  answer: Percentiles;
  bare: Percentiles;
  commit: Percentiles;
  payloadBytes: number;
}

/** Registers `n` managers of the location through the command path and signs them in. */
async function managersOf(server: RunningServer, locationId: string, n: number): Promise<string[]> {
  const { handle, tokens } = server.deps;
  const passwordHash = await hashPassword(randomUUID());
  const signed: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const profile = { name: `Floor Viewer ${i + 1}`, email: `floor.viewer.${i + 1}@bench.example`, role: 'manager' as const, locations: [locationId], primary_location: locationId };
    await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: passwordHash }, { userId: 'system', now: new Date() });
    signed.push(await tokens.sign(id));
  }
  return signed;
}

async function measureLive(server: RunningServer, progress: Progress, clients: Client[]) {
  const { sql, tokens } = server.deps;
  // A placed office of the demo plans with no company, so its status may change back and forth.
  const [target] = await sql<{ id: string; location_id: string; floor: number; office_number: string; status: string }[]>`
    SELECT o.id, o.location_id, o.floor, o.office_number, o.status FROM floor_placements p JOIN offices o ON o.id = p.office_id
    JOIN locations l ON l.id = o.location_id
    WHERE l.name = ${LOCATION} AND o.member_id IS NULL ORDER BY o.floor, o.office_number LIMIT 1`;
  if (!target) throw new Error('floorplan bench: no placed office without a company in the demo plans');
  const [admin] = await sql<{ id: string }[]>`SELECT id FROM users WHERE email = ${DEMO_USERS.admin.email}`;
  const adminToken = await tokens.sign(admin!.id);

  progress(`registering ${FLOORPLAN.sockets} managers of ${LOCATION} through the command path`);
  const viewerTokens = await managersOf(server, target.location_id, FLOORPLAN.sockets);
  progress(`connecting ${FLOORPLAN.sockets} sockets viewing floor ${target.floor}`);
  const seen = arrivals();
  let lastMessage: ChangeMessage | undefined;
  await Promise.all(
    viewerTokens.map(async (token) => {
      const socket = await connect(server.url, { token }, 'ready');
      clients.push(socket);
      socket.on('change', (message) => {
        const at = performance.now();
        for (const change of message.changes) {
          if (change.entity !== 'floor_placements' || !change.row || change.row.office_id !== target.id) continue;
          lastMessage = message;
          seen.record(`${change.row.status}@${change.row.updated_at}`, 0, at);
        }
      });
    }),
  );

  // Every change is a change: the first is away from the status the office has.
  const offset = target.status === STATUSES[0] ? 1 : 0;
  const change = async (i: number) => {
    const next = STATUSES[(i + offset) % 2]!;
    const started = performance.now();
    const res = await fetch(`${server.url}/api/offices/${target.id}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: next }),
    });
    if (res.status !== 200) throw new Error(`floorplan bench: PATCH answered ${res.status} ${await res.text()}`);
    const office = (await res.json()) as Office;
    const answered = performance.now();
    // The box is re-stamped with the office's change: the same time.
    const last = await seen.wait(`${next}@${office.updated_at}`, 0, FLOORPLAN.sockets);
    return { latency: last - started, answer: answered - started };
  };

  progress(`${FLOORPLAN.samples} status changes (+${FLOORPLAN.warmup} warm-up), each until all ${FLOORPLAN.sockets} sockets have the box`);
  for (let i = 0; i < FLOORPLAN.warmup; i++) await change(i);
  const samples: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < FLOORPLAN.samples; i++) {
    const { latency, answer } = await change(i);
    samples.push(latency);
    answers.push(answer);
  }
  if (!lastMessage) throw new Error('floorplan bench: no change message received');
  return { samples, answers, message: lastMessage, floor: target.floor, office: target.office_number };
}

/** socket.io alone: the same payload broadcast to one room of as many sockets. */
async function measureBare(payload: ChangeMessage, progress: Progress): Promise<number[]> {
  const http = createServer();
  const bare = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false, cors: { origin: false } });
  bare.on('connection', (socket) => void socket.join('floor'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Client[] = [];
  try {
    progress(`bare socket.io: ${FLOORPLAN.sockets} clients, ${FLOORPLAN.samples} broadcasts (+${FLOORPLAN.warmup} warm-up)`);
    const seen = arrivals();
    const connected = await Promise.all(Array.from({ length: FLOORPLAN.sockets }, () => connect(url, {}, 'connect')));
    for (const socket of connected) {
      socket.on('change', (message) => seen.record(message.at, 0, performance.now()));
      clients.push(socket);
    }
    await withTimeout(
      (async () => {
        while ((bare.sockets.adapter.rooms.get('floor')?.size ?? 0) < FLOORPLAN.sockets) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      'the bare room to fill',
    );
    // Told apart by `at`, a time as long as the real one: the same size.
    const origin = Date.parse(payload.at);
    const broadcast = async (i: number) => {
      const message: ChangeMessage = { ...payload, at: new Date(origin + i + 1).toISOString() };
      const started = performance.now();
      bare.to('floor').emit('change', message);
      return (await seen.wait(message.at, 0, FLOORPLAN.sockets)) - started;
    };
    for (let i = 0; i < FLOORPLAN.warmup; i++) await broadcast(i);
    const samples: number[] = [];
    for (let i = FLOORPLAN.warmup; i < FLOORPLAN.warmup + FLOORPLAN.samples; i++) samples.push(await broadcast(i));
    return samples;
  } finally {
    for (const socket of clients) socket.close();
    bare.disconnectSockets(true);
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
}

/** One PostgreSQL commit (a single-row INSERT in an ordinary table, so its WAL is flushed as an append's is). */
async function measureCommit(database: BenchDatabase, progress: Progress): Promise<number[]> {
  const { sql } = database;
  progress(`PostgreSQL: ${FLOORPLAN.samples} single-row INSERT transactions`);
  await sql`CREATE TABLE bench_floor_commit (id bigserial PRIMARY KEY)`;
  const samples: number[] = [];
  for (let i = 0; i < FLOORPLAN.warmup + FLOORPLAN.samples; i++) {
    const started = performance.now();
    await sql.begin((tx) => tx`INSERT INTO bench_floor_commit DEFAULT VALUES`);
    if (i >= FLOORPLAN.warmup) samples.push(performance.now() - started);
  }
  await sql`DROP TABLE bench_floor_commit`;
  return samples;
}

async function benchFloorplanLive(database: BenchDatabase, progress: Progress): Promise<FloorplanResult> {
  progress('starting the server with demo data (and its floor plans) on a fresh database');
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const clients: Client[] = [];
  let live: Awaited<ReturnType<typeof measureLive>>;
  try {
    live = await measureLive(server, progress, clients);
  } finally {
    for (const socket of clients) socket.close();
    await server.close();
  }
  const bare = await measureBare(live.message, progress);
  const commit = await measureCommit(database, progress);
  return {
    floor: live.floor,
    office: live.office,
    live: percentiles(live.samples),
    answer: percentiles(live.answers),
    bare: percentiles(bare),
    commit: percentiles(commit),
    payloadBytes: Buffer.byteLength(JSON.stringify(live.message)),
  };
}

/** `npm run bench -- floorplan`: the server's part (the status change pushed to a floor's viewers). */
export async function benchFloorplanLivePart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`floor plan live push: the server on a fresh database, ${database.name}`);
  const started = performance.now();
  const result = await benchFloorplanLive(database, progress);
  const sockets = count(FLOORPLAN.sockets);
  const rows = {
    live: `PATCH office status -> its box (floor_placements) at all ${sockets} sockets viewing floor ${result.floor}`,
    answer: 'until the PATCH is answered (part of the above)',
    bare: `bare socket.io: broadcast to a room of ${sockets}`,
    commit: 'PostgreSQL commit, single-row INSERT',
  };
  console.log('');
  console.log(
    table(
      [`Floor plan live push (${count(FLOORPLAN.samples)} changes)`, 'p50', 'p95', 'p99'],
      [
        [rows.live, ...percentileCells(result.live)],
        [`  ${rows.answer}`, ...percentileCells(result.answer)],
        [rows.bare, ...percentileCells(result.bare)],
        [rows.commit, ...percentileCells(result.commit, false)],
      ],
    ),
  );
  const part = 'floorplan';
  percentileFigures(part, rows.live, result.live, { name: rows.bare, value: result.bare }, ['p50', 'p95']);
  percentileFigures(part, `PATCH answered, ${rows.answer}`, result.answer);
  percentileFigures(part, rows.bare, result.bare);
  percentileFigures(part, rows.commit, result.commit, undefined, ['p50', 'p99']);
  const reference = result.bare.p99 + result.commit.p99;
  const verdict = figure({
    part,
    name: `${rows.live}, p99`,
    value: result.live.p99,
    unit: 'ms',
    reference: { name: 'bare socket.io broadcast p99 + PostgreSQL commit p99', value: reference },
    target: ['<=', FLOORPLAN_TARGET],
  });
  console.log('');
  console.log(`Floor plan push p99 / bare broadcast p99: ${ratio(result.live.p99 / result.bare.p99)}`);
  console.log(`Target: push p99 / (bare p99 + commit p99 = ${ms(reference)}) <= ${FLOORPLAN_TARGET}: ${ratio(verdict.ratio!)} ${status(verdict)}`);
  console.log(`Office ${result.office} at ${LOCATION}; payload ${count(result.payloadBytes)} bytes. Server, bare server and clients share this process. Part: ${seconds((performance.now() - started) / 1000)}.`);
}
