import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCommandHandler } from '../../events/handleCommand';
import { userAggregate } from '../../events/user/decider';
import { createPool } from '../../events/store/connect';
import { headPosition } from '../../events/store/append';
import { applyInline } from '../../projections/registry';
import { hashPassword } from '../../server/auth/passwords';
import { createTokenService, loadSigningKey } from '../../server/auth/tokens';
import { ensureDatabase } from '../../server/db/database';
import { openLiveSocket } from '../../client/src/live/liveSocket';
import { ALL_LOCATIONS } from '@shared/constants';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { startPgServer } from '../support/pgServer';

/**
 * Recovery: two nodes (child processes of the real entry point) on a PostgreSQL server of their
 * own, `sockets` tabs spread over them (the browser's own socket code) and writers through both.
 * The database is restarted (`pg_ctl restart -m fast`): how long the restart itself took, then
 * from the moment it accepts connections again until both nodes answer ready, and until every
 * tab holds a write made after it. Then one node is restarted (SIGTERM, start) while the other
 * takes writes: from its `/api/ready` until each of its tabs, back from where it was, holds every
 * write made meanwhile.
 */
export interface RecoveryOptions {
  sockets: number;
  tabsPerUser: number;
  writers: number;
  /** Database restarts (none: the node restart alone). */
  rounds: number;
  /** Whether to restart node B once the rounds are done. */
  nodeRestart: boolean;
  /** Every tab on node B (the one restarted) rather than half on each node. */
  allOnB?: boolean;
}

export interface RecoveryRound {
  /** `pg_ctl restart -m fast`, from the command to the server accepting connections. */
  restartSeconds: number;
  /** From the server accepting connections until both nodes answer /api/ready 200. */
  readySeconds: number;
  /** From the server accepting connections until every tab holds the first write acknowledged after. */
  currentSeconds: number;
  /** Writes refused (503) or cut while the database was away, and those acknowledged. */
  refused: number;
  acknowledged: number;
}

export interface NodeRestart {
  /** SIGTERM to /api/ready 200 again. */
  restartSeconds: number;
  /** SIGTERM until the process exited (its drain), part of restartSeconds. */
  stopSeconds: number;
  /** From its /api/ready until each of its tabs holds every write made while it was away. */
  currentSeconds: number;
  /** SIGTERM until it answers /api/health again (listening), part of restartSeconds. */
  listeningSeconds: number;
  /** From its first /api/health answer until each of its tabs holds every write made meanwhile. */
  currentAfterListeningSeconds: number;
  tabs: number;
  /** Writes made through the other node while it was away. */
  missed: number;
  /** From its /api/ready until the last of its tabs connected again (the browsers' own backoff). */
  lastConnectSeconds: number;
  /** The longest catch-up, from a tab's connection to its `ready`. */
  longestCatchUpSeconds: number;
}

export interface RecoveryResult {
  sockets: number;
  rounds: RecoveryRound[];
  nodeRestart: NodeRestart | null;
}

interface Tab {
  node: number;
  position: number;
  /** When the socket last connected, and when it was last told it is current. */
  connectedAt: number;
  readyAt: number;
  stop(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 20, limitMs = 120_000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > limitMs) throw new Error(`recovery bench: gave up waiting for ${what}`);
    await sleep(everyMs);
  }
  return performance.now();
}

const answers = async (origin: string) => {
  try {
    return (await fetch(`${origin}/api/health`)).status === 200;
  } catch {
    return false;
  }
};

const ready = async (origin: string) => {
  try {
    return (await fetch(`${origin}/api/ready`)).status === 200;
  } catch {
    return false;
  }
};

export async function benchRecovery(options: RecoveryOptions, progress: (line: string) => void): Promise<RecoveryResult> {
  progress('starting a PostgreSQL server with pg_ctl and two nodes on it');
  const server = await startPgServer();
  const databaseUrl = await ensureDatabase(server.url, 'flexspace');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-bench-recovery-'));
  await chmod(dataDir, 0o755);
  const nodes: MainProcess[] = [];
  const tabs: Tab[] = [];
  const sql = createPool(databaseUrl, { max: 4 });
  try {
    for (const name of ['a', 'b']) {
      const node = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(dataDir, name), databaseUrl, logLevel: 'error', env: { DEMO_MODE: 'true' } });
      await node.start();
      nodes.push(node);
    }
    await until('both nodes ready', async () => (await ready(nodes[0]!.origin)) && (await ready(nodes[1]!.origin)));

    // Users enough for the tabs (a user holds at most 12), all-location viewers: every tab gets every write.
    const tokens = createTokenService(await loadSigningKey(sql, undefined), '12h');
    const handle = createCommandHandler(sql, applyInline);
    const users = Math.ceil(options.sockets / options.tabsPerUser);
    progress(`registering ${users} viewers and opening ${options.sockets} tabs, ${options.allOnB ? 'all on node B' : 'half on each node'}`);
    const hash = await hashPassword(randomUUID());
    const userTokens: string[] = [];
    for (let i = 0; i < users; i++) {
      const id = randomUUID();
      const profile = { name: `Recovery viewer ${i + 1}`, email: `recovery.${i + 1}@bench.example`, role: 'viewer' as const, locations: [], primary_location: ALL_LOCATIONS };
      await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: hash }, { userId: 'system', now: new Date() });
      userTokens.push(await tokens.sign(id));
    }
    const [admin] = await sql<{ id: string }[]>`SELECT id FROM users WHERE role = 'admin' ORDER BY email LIMIT 1`;
    const adminToken = await tokens.sign(admin!.id);
    const [location] = await sql<{ id: string }[]>`SELECT id FROM locations ORDER BY name LIMIT 1`;

    for (let i = 0; i < options.sockets; i++) {
      const node = options.allOnB ? 1 : i % 2;
      const token = userTokens[Math.floor(i / options.tabsPerUser)]!;
      const tab: Tab = { node, position: 0, connectedAt: 0, readyAt: 0, stop: () => undefined };
      const { socket, stop } = openLiveSocket(nodes[node]!.origin, {
        auth: () => ({ token, ...(tab.position > 0 ? { since: tab.position } : {}) }),
        onUnauthorized: () => undefined,
      });
      socket.on('connect', () => void (tab.connectedAt = performance.now()));
      socket.on('ready', ({ position }) => {
        tab.readyAt = performance.now();
        tab.position = Math.max(tab.position, position);
      });
      socket.on('change', ({ position }) => void (tab.position = Math.max(tab.position, position)));
      tab.stop = stop;
      tabs.push(tab);
    }
    await until('every tab ready', () => tabs.every((tab) => tab.position > 0));

    /** One task through `node`; its log position once acknowledged, else null. */
    let n = 0;
    const write = async (node: MainProcess): Promise<number | null> => {
      try {
        const res = await fetch(`${node.origin}/api/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Recovery ${++n}`, description: 'Written around a restart', location_id: location!.id }),
        });
        if (res.status !== 201) return null;
        const { id } = (await res.json()) as { id: string };
        const [row] = await sql<{ position: number }[]>`SELECT max(position)::bigint AS position FROM events WHERE stream_id = ${`task-${id}`}`;
        return Number(row!.position);
      } catch {
        return null;
      }
    };

    const rounds: RecoveryRound[] = [];
    for (let round = 0; round < options.rounds; round++) {
      progress(`round ${round + 1}/${options.rounds}: pg_ctl restart -m fast under ${options.writers} writers`);
      let running = true;
      let refused = 0;
      let acknowledged = 0;
      const writers = Array.from({ length: options.writers }, async (_, w) => {
        while (running) {
          if ((await write(nodes[w % 2]!)) === null) refused++;
          else acknowledged++;
          await sleep(20);
        }
      });
      await sleep(1_000);
      const before = performance.now();
      await server.restart();
      const back = performance.now();
      const readyAt = until('both nodes ready', async () => (await ready(nodes[0]!.origin)) && (await ready(nodes[1]!.origin)));
      // The first write acknowledged after the restart, and every tab holding it.
      let marker: number | null = null;
      while (marker === null) marker = await write(nodes[0]!);
      const currentAt = await until('every tab current', () => tabs.every((tab) => tab.position >= marker!), 5);
      const readyDone = await readyAt;
      running = false;
      await Promise.all(writers);
      rounds.push({ restartSeconds: (back - before) / 1000, readySeconds: (readyDone - back) / 1000, currentSeconds: (currentAt - back) / 1000, refused, acknowledged });
      await sleep(3_000);
    }

    if (!options.nodeRestart) return { sockets: options.sockets, rounds, nodeRestart: null };
    progress('restarting node B while node A takes writes');
    const nodeB = nodes[1]!;
    const stoppedAt = performance.now();
    await nodeB.stop('SIGTERM');
    const stopSeconds = (performance.now() - stoppedAt) / 1000;
    let missed = 0;
    for (let i = 0; i < 40; i++) if ((await write(nodes[0]!)) !== null) missed++;
    const head = await headPosition(sql);
    // Its tabs come back as soon as it listens, which may be before it answers ready: both are timed.
    const listening = until('node B listening', () => answers(nodeB.origin), 5);
    await nodeB.start();
    const listeningAt = await listening;
    const readyAt = await until('node B ready', () => ready(nodeB.origin), 5);
    const onB = tabs.filter((tab) => tab.node === 1);
    const currentAt = await until('node B tabs current', () => onB.every((tab) => tab.position >= head), 5);
    const lastConnect = Math.max(...onB.map((tab) => tab.connectedAt));
    const longest = Math.max(...onB.map((tab) => tab.readyAt - tab.connectedAt));
    return {
      sockets: options.sockets,
      rounds,
      nodeRestart: {
        restartSeconds: (readyAt - stoppedAt) / 1000,
        stopSeconds,
        currentSeconds: (currentAt - readyAt) / 1000,
        listeningSeconds: (listeningAt - stoppedAt) / 1000,
        currentAfterListeningSeconds: (currentAt - listeningAt) / 1000,
        tabs: onB.length,
        missed,
        lastConnectSeconds: (lastConnect - readyAt) / 1000,
        longestCatchUpSeconds: longest / 1000,
      },
    };
  } finally {
    for (const tab of tabs) tab.stop();
    await Promise.all(nodes.map((node) => node.stop('SIGTERM')));
    await sql.end({ timeout: 5 });
    await server.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
