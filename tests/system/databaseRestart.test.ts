import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSql } from '../../events/store/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveSocket, type LiveSocket } from '../../client/src/live/liveSocket';
import { ensureDatabase } from '../../server/db/database';
import { SINGLETON_CLASS } from '../../server/cluster/singleton';
import { LINK_APPLICATION_NAME } from '../../server/realtime/cluster';
import type { ChangeMessage, DatabaseMessage } from '@shared/realtime';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { startPgServer, type PgServer } from '../support/pgServer';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';
import { listen, type Listener } from '../support/sockets';

/**
 * Two nodes of the real entry point on one PostgreSQL server of their own, which the test
 * restarts (`pg_ctl restart -m fast`) under writes and open tabs, and whose node link sessions it
 * terminates: both processes stay up, are ready again, lose nothing they acknowledged, and every
 * tab ends up showing what its user's GET answers. Then a node that owns the embedded database
 * has that database killed under it.
 */
let server: PgServer;
let databaseUrl: string;
let dataDir: string;
let a: MainProcess;
let b: MainProcess;
const tabs: Tab[] = [];
const listeners: Listener[] = [];

interface Tab {
  name: string;
  socket: LiveSocket;
  stop(): void;
  position: number;
  changes: ChangeMessage[];
  database: DatabaseMessage[];
  /** The user's GET of the location's tasks once the tab was ready: the rows no push brings. */
  loaded: { id: string; version: number }[];
}

function openTab(name: string, origin: string, token: string): Tab {
  const tab: Tab = { name, position: 0, changes: [], database: [], loaded: [], socket: null!, stop: () => undefined };
  // The browser's own socket code: it comes back by itself, from the position it reached.
  const { socket, stop } = openLiveSocket(origin, {
    auth: () => ({ token, ...(tab.position > 0 ? { since: tab.position } : {}) }),
    onUnauthorized: () => undefined,
  });
  socket.on('ready', ({ position }) => void (tab.position = Math.max(tab.position, position)));
  socket.on('change', (message) => {
    tab.position = Math.max(tab.position, message.position);
    tab.changes.push(message);
  });
  socket.on('database', (message) => void tab.database.push(message));
  Object.assign(tab, { socket, stop });
  tabs.push(tab);
  return tab;
}

async function until(what: string, check: () => boolean | Promise<boolean>, detail?: () => string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}${detail ? `: ${detail()}` : ''}`);
}

const ready = async (node: MainProcess) => {
  try {
    return (await fetch(`${node.origin}/api/ready`)).status === 200;
  } catch {
    return false;
  }
};

/** A tab's tasks at `locationId` as the browser holds them: every pushed row, newest version kept. */
function tasksOf(tab: Tab, locationId: string): { id: string; version: number }[] {
  const rows = new Map<string, { id: string; version: number } | null>(tab.loaded.map((row) => [row.id, row]));
  for (const message of tab.changes) {
    for (const change of message.changes) {
      if (change.entity !== 'tasks') continue;
      const held = rows.get(change.id);
      const row = change.row as { id: string; version: number; location_id: string } | null;
      if (row === null) rows.set(change.id, null);
      else if (!held || held.version < row.version) rows.set(change.id, row.location_id === locationId ? { id: row.id, version: row.version } : null);
    }
  }
  return [...rows.values()].filter((r): r is { id: string; version: number } => r !== null).sort((x, y) => x.id.localeCompare(y.id));
}

type Users = {
  admin: string;
  manager: string;
  viewer: string;
};

async function signInAll(api: Api): Promise<Users> {
  return {
    admin: (await signIn(api, demoCredentials.admin)).access_token,
    manager: (await signIn(api, demoCredentials.manager)).access_token,
    viewer: (await signIn(api, demoCredentials.viewer)).access_token,
  };
}

/**
 * Writers through both nodes, each posting tasks one after the other until stopped; a task counts
 * as acknowledged when its 201 arrived. Failures while the database is out are expected.
 */
function writeTasks(apis: Api[], token: string, locationId: string) {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  let running = true;
  const writers = apis.flatMap((api, node) =>
    [0, 1].map(async (writer) => {
      for (let n = 0; running; n++) {
        try {
          const res = await api('POST', '/api/tasks', { token, body: { title: `Node ${node} writer ${writer} task ${n}`, description: 'Written around a database restart', location_id: locationId } });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) acknowledged.push(res.body.id);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return {
    acknowledged,
    statuses,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

/**
 * Every tab holds exactly the tasks at the location that its user's GET answers (same ids, same
 * versions), and every acknowledged task is among them and in the log.
 */
async function expectConverged(apis: Record<string, Api>, tokens: Record<string, string>, locationId: string, acknowledged: string[]) {
  const sql = openSql(databaseUrl, { max: 1, onnotice: () => undefined });
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM events WHERE stream_id = ANY(${acknowledged.map((id) => `task-${id}`)}) AND type = 'TaskCreated'`;
  await sql.end();
  expect(row?.n).toBe(acknowledged.length);
  for (const tab of tabs) {
    const [user, node] = tab.name.split('@') as [string, string];
    const truth = ((await apis[node]!('GET', `/api/tasks?location=${locationId}`, { token: tokens[user]! })).body as { id: string; version: number }[])
      .map(({ id, version }) => ({ id, version }))
      .sort((x, y) => x.id.localeCompare(y.id));
    expect(acknowledged.filter((id) => !truth.some((t) => t.id === id)), `acknowledged tasks missing from ${user}'s GET`).toEqual([]);
    await until(`${tab.name} to converge`, () => JSON.stringify(tasksOf(tab, locationId)) === JSON.stringify(truth), () => {
      const held = tasksOf(tab, locationId);
      const missing = truth.filter((t) => !held.some((h) => h.id === t.id && h.version === t.version));
      return `${held.length} of ${truth.length} tasks; missing ${JSON.stringify(missing)}; tab position ${tab.position}; database ${JSON.stringify(tab.database)}; positions ${JSON.stringify(tab.changes.map((c) => c.position))}`;
    });
  }
}

describe('two nodes on an external PostgreSQL that restarts', () => {
  let apis: Record<string, Api>;
  let tokens: Users;
  let locationId: string;

  beforeAll(async () => {
    server = await startPgServer();
    databaseUrl = await ensureDatabase(server.url, 'flexspace');
    dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-db-restart-'));
    const node = async (name: string) =>
      mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(dataDir, name), databaseUrl, logLevel: process.env.DB_RESTART_TEST_LOG ?? 'fatal', env: { DEMO_MODE: 'true' } });
    a = await node('a');
    b = await node('b');
    await a.start();
    await b.start();
    apis = { A: apiClient(a.origin), B: apiClient(b.origin) };
    tokens = await signInAll(apis.A!);
    // A location the manager may see: every user's tab receives its tasks.
    locationId = ((await apis.A!('GET', '/api/locations', { token: tokens.manager })).body as { id: string }[])[0]!.id;
    for (const user of ['admin', 'manager', 'viewer'] as const) {
      for (const [name, node] of [['A', a], ['B', b]] as const) openTab(`${user}@${name}`, node.origin, tokens[user]);
    }
    await until('every tab ready', () => tabs.every((tab) => tab.position > 0));
    for (const tab of tabs) {
      const user = tab.name.split('@')[0] as keyof Users;
      tab.loaded = ((await apis.A!('GET', `/api/tasks?location=${locationId}`, { token: tokens[user] })).body as { id: string; version: number }[]).map(({ id, version }) => ({ id, version }));
    }
  }, 240_000);

  afterAll(async () => {
    for (const tab of tabs.splice(0)) tab.stop();
    for (const listener of listeners.splice(0)) listener.close();
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await server?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('survives `pg_ctl restart -m fast` under writes: both up and ready, nothing acknowledged lost, every tab converged, background work leased again', async () => {
    // The leases of the work that runs on one node (log processes, Slack delivery): each held once.
    const leases = async () => {
      const sql = openSql(databaseUrl, { max: 1, onnotice: () => undefined });
      try {
        const [row] = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = ${SINGLETON_CLASS} AND objsubid = 2 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        return row?.n ?? 0;
      } finally {
        await sql.end();
      }
    };
    await until('the background work leased', async () => (await leases()) >= 3);
    const leased = await leases();
    const load = writeTasks([apis.A!, apis.B!], tokens.admin, locationId);
    await until('writes through both nodes', () => load.acknowledged.length >= 20);
    await server.restart();
    // Writes go on while the nodes find the database again.
    const afterRestart = load.acknowledged.length;
    await until('writes acknowledged after the restart', () => load.acknowledged.length >= afterRestart + 20, () => JSON.stringify([...load.statuses]));
    await load.stop();

    expect([a.exited(), b.exited()]).toEqual([null, null]);
    await until('both nodes ready', async () => (await ready(a)) && (await ready(b)));
    expect([...load.statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    await expectConverged(apis, tokens, locationId, load.acknowledged);
    await until('the background work leased again, once each', async () => (await leases()) === leased);
  }, 180_000);

  it('survives the node link sessions being terminated: presence spans the nodes again, tabs converge', async () => {
    const admin = openSql(databaseUrl, { max: 1, onnotice: () => undefined });
    const listening = async () => {
      const [row] = await admin<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${LINK_APPLICATION_NAME} AND query ILIKE 'LISTEN%'`;
      return row?.n ?? 0;
    };
    try {
      // Each node's LISTEN (renewed after the restart above).
      await until('both nodes listening', async () => (await listening()) >= 2);
      const links = await admin<{ pid: number }[]>`
        SELECT pg_terminate_backend(pid) AS done, pid FROM pg_stat_activity WHERE application_name = ${LINK_APPLICATION_NAME}`;
      expect(links.length).toBeGreaterThanOrEqual(2);
      await until('both nodes listening again', async () => (await listening()) >= 2);
    } finally {
      await admin.end();
    }
    expect([a.exited(), b.exited()]).toEqual([null, null]);
    await until('both nodes ready', async () => (await ready(a)) && (await ready(b)));

    // The link carries presence again, both ways.
    const onA = listen(a.origin, { token: tokens.admin });
    const onB = listen(b.origin, { token: tokens.manager });
    listeners.push(onA, onB);
    await Promise.all([onA.ready, onB.ready]);
    onA.announce({ screen: '/tasks' });
    onB.announce({ screen: '/tasks' });
    for (const listener of [onA, onB]) await listener.untilPresence((p) => p.at(-1)?.screen === '/tasks' && p.at(-1)!.viewers.length === 2, 'both users listed');

    const load = writeTasks([apis.A!, apis.B!], tokens.admin, locationId);
    await until('writes through both nodes', () => load.acknowledged.length >= 10);
    await load.stop();
    await expectConverged(apis, tokens, locationId, load.acknowledged);
  }, 180_000);
});

describe('the node that owns the embedded database', () => {
  let owner: MainProcess;
  let other: MainProcess;
  let ownerDir: string;

  beforeAll(async () => {
    ownerDir = await mkdtemp(path.join(tmpdir(), 'flexspace-embedded-owner-'));
    await chmod(ownerDir, 0o755); // as root, the server runs as the postgres user and must reach DATA_DIR/pg
    owner = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(ownerDir, 'owner'), logLevel: process.env.DB_RESTART_TEST_LOG ?? 'fatal' });
    await owner.start();
    const url = (await readFile(path.join(ownerDir, 'owner', 'database-url'), 'utf8')).trim();
    other = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(ownerDir, 'other'), databaseUrl: url, logLevel: process.env.DB_RESTART_TEST_LOG ?? 'fatal', env: { DEMO_MODE: 'true' } });
    await other.start();
  }, 240_000);

  afterAll(async () => {
    await other?.stop('SIGTERM');
    await owner?.stop('SIGTERM');
    await rm(ownerDir, { recursive: true, force: true });
  });

  it('starts its database again when it is killed; both nodes serve again', async () => {
    const pidFile = path.join(ownerDir, 'owner', 'pg', 'postmaster.pid');
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');

    await until('both nodes ready', async () => (await ready(owner)) && (await ready(other)));
    expect([owner.exited(), other.exited()]).toEqual([null, null]);
    expect(Number((await readFile(pidFile, 'utf8')).split('\n')[0])).not.toBe(pid);
    const apiOwner = apiClient(owner.origin);
    const apiOther = apiClient(other.origin);
    const { admin } = await signInAll(apiOther);
    const location = ((await apiOther('GET', '/api/locations', { token: admin })).body as { id: string }[])[0]!;
    const written = await apiOther('PUT', `/api/locations/${location.id}`, { token: admin, body: { manager: 'Written after the restart' } });
    expect(written.status, written.text).toBe(200);
    expect((await apiOwner('GET', `/api/locations/${location.id}`, { token: admin })).body.manager).toBe('Written after the restart');
  }, 180_000);
});
