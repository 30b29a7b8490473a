import { createPool } from '../../events/store/connect';
import { connect, type Client } from './live';
import type { LoadCommand, LoadReply, RawRow, RequestLane } from './load';

/**
 * The bench's load generator, run as a child process (load.ts forks it): the clients' CPU (HTTP
 * requests, socket.io clients, raw INSERT writers) is then never charged to the process measured.
 */

const sockets: Client[] = [];
let pushes = 0;

const reply = (message: LoadReply) => process.send!(message);

/** Runs each lane's requests in turn, all lanes at once, for `count` requests each or until `until`. */
async function requests(url: string, lanes: RequestLane[], limit: { count?: number; seconds?: number }) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const deadline = limit.seconds === undefined ? Infinity : performance.now() + limit.seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (let i = 0; (limit.count === undefined || i < limit.count) && performance.now() < deadline; i++) {
        const step = lane.steps[(lane.offset + i) % lane.steps.length]!;
        const sent = performance.now();
        const res = await fetch(`${url}${step.path}`, {
          method: step.method,
          headers: { authorization: `Bearer ${lane.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(step.body),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return { latencies, statuses, elapsedMs: performance.now() - started, cpuMicros: cpuOf(process.cpuUsage(cpu)) };
}

const cpuOf = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

/** The raw reference: one INSERT transaction per row, `lanes` writers at once, on a pool of their own. */
async function rawInserts(url: string, table: string, lanes: RawRow[][]) {
  const sql = createPool(url, { max: lanes.length });
  try {
    // Connections opened and the statement prepared before the clock starts, as the server's are.
    await Promise.all(lanes.map(() => sql.begin((tx) => tx`SELECT 1 FROM ${sql(table)} LIMIT 0`)));
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      lanes.map(async (rows) => {
        for (const row of rows) {
          await sql.begin((tx) => tx`INSERT INTO ${sql(table)} (stream_id, data) VALUES (${row.stream}, ${tx.json(row.data as never)})`);
        }
      }),
    );
    return { elapsedMs: performance.now() - started, cpuMicros: cpuOf(process.cpuUsage(cpu)) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

process.on('message', (command: LoadCommand) => {
  void (async () => {
    switch (command.kind) {
      case 'sockets': {
        const opened = await Promise.all(command.tokens.map((token) => connect(command.url, { token }, 'ready')));
        for (const socket of opened) {
          socket.on('change', () => void (pushes += 1));
          sockets.push(socket);
        }
        return reply({ kind: 'sockets', connected: sockets.length });
      }
      case 'requests':
        return reply({ kind: 'requests', ...(await requests(command.url, command.lanes, command.limit)) });
      case 'raw':
        return reply({ kind: 'raw', ...(await rawInserts(command.url, command.table, command.lanes)) });
      case 'pushes':
        return reply({ kind: 'pushes', pushes });
      case 'close':
        for (const socket of sockets.splice(0)) socket.close();
        return reply({ kind: 'closed', pushes });
    }
  })().catch((error: unknown) => reply({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
