import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { percentileFigures } from './percentileFigures';
import { benchDealMoves } from './dealMoves';
import { CATCH_UP_BEHIND, CATCH_UP_TABS, benchLive } from './live';
import { benchPush } from './push';
import { count, ms, percentileCells, perSecond, ratio, seconds, table, type Progress } from './report';

/** The live parts of the bench: latency from a write to the sockets that may see it. */

/** 25 managers' sockets per location, 200 measured mutations alternating between the two. */
const LIVE = { clientsPerLocation: 25, samples: 200, warmup: 20 };
/** Live p99 should stay within this many times the bare socket.io p99 plus one commit's p99. */
const LIVE_TARGET = 2;

/** A REST mutation until every allowed socket has it, against bare socket.io and a commit. */
export async function benchLivePart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`live latency: the server on a second fresh database, ${database.name}`);
  const started = performance.now();
  const live = await benchLive(database, LIVE, progress);
  const elapsed = (performance.now() - started) / 1000;
  const perLocation = LIVE.clientsPerLocation;
  const reference = live.bare.p99 + live.commit.p99;
  const rows = {
    live: `REST PUT -> 'change' at all ${perLocation} allowed sockets (${count(live.samples)} mutations)`,
    answer: 'until the PUT is answered (part of the above)',
    afterAnswer: 'from its answer until the last socket has the row (the rest)',
    underCatchUp: `the same, while ${CATCH_UP_TABS} tabs keep reconnecting ${count(CATCH_UP_BEHIND)} events behind`,
    bare: `bare socket.io: broadcast to a room of ${perLocation} (${count(live.samples)} times)`,
    commit: `PostgreSQL commit, single-row INSERT (${count(live.samples)} times)`,
  };
  console.log('');
  console.log(
    table(
      ['Live latency', 'p50', 'p95', 'p99'],
      [
        [rows.live, ...percentileCells(live.live)],
        [`  ${rows.answer}`, ...percentileCells(live.answer)],
        [`  ${rows.afterAnswer}`, ...percentileCells(live.afterAnswer)],
        [`  ${rows.underCatchUp}`, ...percentileCells(live.underCatchUp)],
        [rows.bare, ...percentileCells(live.bare)],
        [rows.commit, ...percentileCells(live.commit, false)],
      ],
    ),
  );
  const part = 'live';
  percentileFigures(part, rows.live, live.live, { name: rows.bare, value: live.bare }, ['p50', 'p95']);
  percentileFigures(part, `PUT answered, ${rows.answer}`, live.answer);
  percentileFigures(part, `PUT answered, ${rows.afterAnswer}`, live.afterAnswer);
  percentileFigures(part, rows.underCatchUp, live.underCatchUp, { name: rows.live, value: live.live }, ['p50', 'p99']);
  percentileFigures(part, rows.bare, live.bare);
  percentileFigures(part, rows.commit, live.commit, undefined, ['p50', 'p99']);
  const verdict = figure({
    part,
    name: `${rows.live}, p99`,
    value: live.live.p99,
    unit: 'ms',
    reference: { name: 'bare socket.io broadcast p99 + PostgreSQL commit p99', value: reference },
    target: ['<=', LIVE_TARGET],
  });
  console.log('');
  console.log(`Live p99 / bare p99: ${ratio(live.live.p99 / live.bare.p99)}`);
  console.log(
    `While tabs catch up / idle: p50 ${ratio(live.underCatchUp.p50 / live.live.p50)}, p99 ${ratio(live.underCatchUp.p99 / live.live.p99)}`,
  );
  console.log(
    `Target: live p99 / (bare p99 + commit p99 = ${ms(reference)}) <= ${LIVE_TARGET}: ${ratio(verdict.ratio!)} ${status(verdict)} (live p99 ${ms(live.live.p99)})`,
  );
  console.log(
    `Live: ${live.clients} sockets, ${perLocation} managers limited to each of ${live.locations.join(' and ')}; the admin's PUTs`,
  );
  console.log(`  alternate between the two, one at a time; none reached the other location's sockets.`);
  console.log(`Bare: the same number of sockets and rooms, a payload of the same ${count(live.payloadBytes)} bytes (a real change message).`);
  console.log(`Clients and servers share this process. Live part: ${seconds(elapsed)}.`);
}

/** A location edited through the API until 1,000 sockets have it: one node, then across two. */
const PUSH = { sockets: 1_000, tabsPerUser: 10, samples: 100, warmup: 10, rounds: 4 };
const PUSH_TARGET = 2;

export async function benchPushPart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`live push to ${count(PUSH.sockets)} sockets: the servers on a fresh database, ${database.name}`);
  const result = await benchPush(database, PUSH, progress);
  const sockets = count(result.sockets);
  console.log('');
  console.log(
    table(
      [`Live push, ${sockets} sockets (${count(result.users)} users of ${result.audiences} kinds), ${PUSH.samples} writes each`, 'p50', 'p95', 'p99'],
      [
        [`one node: PUT /api/locations/:id -> the row at all ${sockets} sockets`, ...percentileCells(result.oneNode)],
        ['  until the PUT is answered (part of the above)', ...percentileCells(result.answer)],
        [`  raw INSERT + NOTIFY -> bare socket.io broadcast to ${sockets} (alternating)`, ...percentileCells(result.bare)],
        [`two nodes: the PUT on node A, the ${sockets} sockets on node B`, ...percentileCells(result.twoNodes)],
        [`  raw INSERT + NOTIFY -> bare socket.io broadcast to ${sockets} (alternating)`, ...percentileCells(result.bareTwo)],
      ],
    ),
  );
  const part = 'push';
  const raw = `raw INSERT + NOTIFY -> bare socket.io broadcast to ${sockets} (alternating)`;
  const oneNode = `one node: PUT /api/locations/:id -> the row at all ${sockets} sockets`;
  percentileFigures(part, oneNode, result.oneNode, { name: raw, value: result.bare }, ['p50', 'p95']);
  const p99 = figure({ part, name: `${oneNode}, p99`, value: result.oneNode.p99, unit: 'ms', reference: { name: `${raw}, p99`, value: result.bare.p99 }, target: ['<=', PUSH_TARGET] });
  percentileFigures(part, `${oneNode}: until the PUT is answered`, result.answer);
  percentileFigures(part, `two nodes: the PUT on node A, the ${sockets} sockets on node B`, result.twoNodes, { name: `${raw}, beside the two-node run`, value: result.bareTwo });
  console.log('');
  console.log(`One node, push / raw: p50 ${ratio(result.oneNode.p50 / result.bare.p50)}, p99 ${ratio(p99.ratio!)} (target p99 <= ${PUSH_TARGET}: ${status(p99)})`);
  console.log(`Two nodes, push / raw: p50 ${ratio(result.twoNodes.p50 / result.bareTwo.p50)}, p99 ${ratio(result.twoNodes.p99 / result.bareTwo.p99)}`);
  console.log(`Payload ${count(result.payloadBytes)} bytes. Node B, the bare server and all clients share this process; node A is a child process, started for the two-node part only.`);
}

/** A deal dragged on the board, to 200 other sockets; 8 users dragging at once. */
const MOVES = {
  sockets: 200,
  samples: 100,
  warmup: 10,
  movers: 8,
  movesPerMover: Number(process.env.MOVES_PER_MOVER ?? 150),
};
const MOVES_TARGET = 0.25;

const micros = (value: number | null) => (value === null ? 'n/a' : `${count(Math.round(value))} µs`);

export async function benchMovesPart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`deal moves: the server on a fresh database, ${database.name}`);
  const result = await benchDealMoves(database, MOVES, progress);
  console.log('');
  console.log(
    table(
      ['Deal board', 'p50', 'p95', 'p99'],
      [
        [`PATCH stage -> the row at all ${MOVES.sockets} other sockets (${MOVES.samples} moves)`, ...percentileCells(result.live)],
        [`raw INSERT + NOTIFY -> bare socket.io broadcast to ${MOVES.sockets}`, ...percentileCells(result.bare)],
        [`PATCH stage answered, ${MOVES.movers} users moving at once`, ...percentileCells(result.moveLatency)],
      ],
    ),
  );
  console.log(`Move p50 / bare p50: ${ratio(result.live.p50 / result.bare.p50)}; p99 / bare p99: ${ratio(result.live.p99 / result.bare.p99)} (payload ${count(result.payloadBytes)} bytes)`);
  const moves = figure({
    part: 'moves',
    name: `${MOVES.movers} users moving their own deals at once, moves/s`,
    value: result.movesPerSecond,
    unit: 'moves/s',
    reference: { name: `raw INSERT of the same event rows by ${MOVES.movers} writers, rows/s`, value: result.rawPerSecond },
    target: ['>=', MOVES_TARGET],
  });
  console.log(
    `${MOVES.movers} users dragging their own deals at once: ${perSecond(result.movesPerSecond, 'moves')}; raw INSERT of the same event rows by ${MOVES.movers} writers: ${perSecond(result.rawPerSecond, 'rows')}; ratio ${ratio(moves.ratio!)} (target >= ${MOVES_TARGET}: ${status(moves)})`,
  );
  const cpu = result.cpu;
  const cpuFigures: [string, number | null][] = [
    ['CPU per move on the node (the server process), µs', cpu.move.node],
    ['CPU per move on the database (its processes), µs', cpu.move.database],
    ['CPU per raw INSERT row on the node (the writers\' process), µs', cpu.rawRow.node],
    ['CPU per raw INSERT row on the database (its processes), µs', cpu.rawRow.database],
  ];
  for (const [name, value] of cpuFigures) if (value !== null) figure({ part: 'moves', name, value, unit: 'µs' });
  console.log(
    table(
      ['CPU per unit of work', 'node', 'database'],
      [
        ['a move (PATCH /api/deals/:id/stage)', micros(cpu.move.node), micros(cpu.move.database)],
        ['a raw INSERT row (one transaction)', micros(cpu.rawRow.node), micros(cpu.rawRow.database)],
      ],
    ),
  );
  console.log('Both sides run their clients in a child process: the movers\' HTTP clients, and the raw writers (whose own CPU is the raw row\'s node side).');
  console.log(`The node's CPU of a move is the server process's (process.cpuUsage); the database's, its postmaster and children from /proc.`);
}
