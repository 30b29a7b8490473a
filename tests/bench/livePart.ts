import type { BenchDatabase } from './database';
import { benchDealMoves } from './dealMoves';
import { CATCH_UP_BEHIND, CATCH_UP_TABS, benchLive } from './live';
import { benchPush } from './push';
import { figure, status } from './figures';
import { count, ms, percentileCells, perSecond, ratio, seconds, table, type Progress } from './report';

/** The live parts of the bench: latency from a write to the sockets that may see it. */

/** 25 managers' sockets per location, 200 measured mutations alternating between the two. */
const LIVE = { clientsPerLocation: 25, samples: 200, warmup: 20 };
/** Live p99 should stay under this many bare socket.io p99s plus one commit's p99. */
const LIVE_TARGET_FACTOR = 3;

/** A REST mutation until every allowed socket has it, against bare socket.io and a commit. */
export async function benchLivePart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`live latency: the server on a second fresh database, ${database.name}`);
  const started = performance.now();
  const live = await benchLive(database, LIVE, progress);
  const elapsed = (performance.now() - started) / 1000;
  const perLocation = LIVE.clientsPerLocation;
  const target = LIVE_TARGET_FACTOR * live.bare.p99 + live.commit.p99;
  console.log('');
  console.log(
    table(
      ['Live latency', 'p50', 'p95', 'p99'],
      [
        [
          `REST PUT -> 'change' at all ${perLocation} allowed sockets (${count(live.samples)} mutations)`,
          ...percentileCells(live.live),
        ],
        ['  until the PUT is answered (part of the above)', ...percentileCells(live.answer)],
        [`  the same, while ${CATCH_UP_TABS} tabs keep reconnecting ${count(CATCH_UP_BEHIND)} events behind`, ...percentileCells(live.underCatchUp)],
        [`bare socket.io: broadcast to a room of ${perLocation} (${count(live.samples)} times)`, ...percentileCells(live.bare)],
        [`PostgreSQL commit, single-row INSERT (${count(live.samples)} times)`, ...percentileCells(live.commit, false)],
      ],
    ),
  );
  console.log('');
  console.log(`Live p99 / bare p99: ${ratio(live.live.p99 / live.bare.p99)}`);
  console.log(
    `While tabs catch up / idle: p50 ${ratio(live.underCatchUp.p50 / live.live.p50)}, p99 ${ratio(live.underCatchUp.p99 / live.live.p99)}`,
  );
  console.log(
    `Target: live p99 < ${LIVE_TARGET_FACTOR} x bare p99 + commit p99 = ${ms(target)}: ${live.live.p99 < target ? 'met' : 'BELOW'} (live p99 ${ms(live.live.p99)})`,
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
  const p99 = result.oneNode.p99 / result.bare.p99;
  console.log('');
  console.log(`One node, push / raw: p50 ${ratio(result.oneNode.p50 / result.bare.p50)}, p99 ${ratio(p99)} (target p99 <= ${PUSH_TARGET}: ${p99 <= PUSH_TARGET ? 'met' : 'BELOW'})`);
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
