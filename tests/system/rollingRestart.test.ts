import { request } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRow, emptyCollection, mergeSnapshot, removeRow, rowsOf, type LiveCollection } from '../../client/src/live/collection';
import { openLiveSocket, type LiveSocket } from '../../client/src/live/liveSocket';
import type { Location } from '@shared/schemas/locations';
import type { Task } from '@shared/schemas/tasks';
import { startBalancer, type Balancer } from '../support/balancer';
import { startTwoNodes, type Node, type TwoNodes } from '../support/twoNodes';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';

/**
 * A rolling restart under load: two nodes of the real entry point on one database behind a
 * balancer that sends each connection to a ready node. Writers and browsers' sockets go through
 * the balancer while node A is stopped (SIGTERM) and started again, then node B. No request may
 * fail, no acknowledged write may be missing, and every socket must end with what its user's GET
 * answers, having been sent every change.
 */
const WRITERS = 4;
const TAB_USERS = ['admin', 'manager', 'viewer', 'admin', 'manager', 'viewer'] as const;
/** Writes acknowledged between the steps of the restart, so each step happens under load. */
const WRITES_PER_STEP = 12;

let twoNodes: TwoNodes;
let nodes: Node[] = [];
let balancer: Balancer;
let api: Api;
/** What the restart is doing now, named in a failure. */
let phase = 'before the restart';
const stops: (() => void)[] = [];

async function until(what: string, check: () => boolean | Promise<boolean>, detail?: () => string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}${detail ? `: ${detail()}` : ''}`);
}

/** One request on a connection of its own, as a proxy sends it upstream; never retried. */
function send(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Acknowledged {
  id: string;
  version: number;
}

/** Creates and edits tasks through the balancer until told to stop; every answer is kept. */
function startWriter(n: number, token: string, locationId: string, acknowledged: Acknowledged[], failures: string[]) {
  let stopped = false;
  const call = async (method: string, route: string, body: unknown, expected: number): Promise<Task | null> => {
    try {
      const res = await send(method, `${balancer.origin}${route}`, token, body);
      if (res.status !== expected) {
        failures.push(`${method} ${route} answered ${res.status}: ${JSON.stringify(res.body)}`);
        return null;
      }
      acknowledged.push({ id: res.body.id, version: res.body.version });
      return res.body as Task;
    } catch (error) {
      failures.push(`${method} ${route} failed: ${(error as Error).message} (${phase})`);
      return null;
    }
  };
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const created = await call('POST', '/api/tasks', { title: `Writer ${n} task ${i}`, description: 'Rolling restart', location_id: locationId }, 201);
      if (!created) continue;
      await call('PUT', `/api/tasks/${created.id}`, { title: `Writer ${n} task ${i} edited` }, 200);
      await call('PATCH', `/api/tasks/${created.id}/status`, { status: 'In Progress' }, 200);
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
    },
  };
}

/** A browser tab as the app keeps it: its socket, the tasks' cache and the position reached. */
interface Tab {
  user: string;
  token: string;
  socket: LiveSocket;
  /** The position of its first `ready`: every task event after it must reach the tab. */
  start: number | null;
  position: number;
  connects: number;
  resyncs: string[];
  tasks: LiveCollection<Task>;
  /** The highest position at which each task reached the tab. */
  received: Map<string, number>;
}

function openTab(user: string, token: string): Tab {
  const tab: Tab = { user, token, socket: null!, start: null, position: 0, connects: 0, resyncs: [], tasks: emptyCollection(), received: new Map() };
  const { socket, stop } = openLiveSocket(balancer.origin, {
    // As client/src/live/connection.ts does: the position reached so far, on every connection.
    auth: () => ({ token, ...(tab.start !== null ? { since: tab.position } : {}) }),
    onUnauthorized: () => undefined,
  });
  stops.push(stop);
  socket.on('ready', ({ position }) => {
    tab.connects++;
    tab.position = Math.max(tab.position, position);
    if (tab.start !== null) return;
    // A first connection loads its view from REST, keeping any row pushed meanwhile.
    tab.start = position;
    const pushed = new Set<string>();
    socket.on('change', (message) => message.changes.forEach((c) => pushed.add(c.id)));
    void api<Task[]>('GET', '/api/tasks', { token }).then((res) => {
      tab.tasks = mergeSnapshot(tab.tasks, res.body, () => true, pushed);
    });
  });
  socket.on('resync', ({ reason }) => tab.resyncs.push(reason));
  socket.on('change', (message) => {
    tab.position = Math.max(tab.position, message.position);
    for (const change of message.changes) {
      if (change.entity !== 'tasks') continue;
      tab.received.set(change.id, Math.max(tab.received.get(change.id) ?? 0, message.position));
      tab.tasks = change.row ? applyRow(tab.tasks, change.row) : removeRow(tab.tasks, change.id, change.removed_at);
    }
  });
  Object.assign(tab, { socket });
  return tab;
}

const byId = (rows: Task[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** A GET through the balancer on a connection of its own (none left over from before a restart). */
async function get<T>(route: string, token: string): Promise<T> {
  const res = await send('GET', `${balancer.origin}${route}`, token);
  if (res.status !== 200) throw new Error(`GET ${route} answered ${res.status}`);
  return res.body as T;
}

const isReady = async (node: Node) => {
  try {
    return (await fetch(`http://127.0.0.1:${node.port}/api/ready`)).status === 200;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  // The balancer asks for readiness every 100 ms: a second of 503 moves it away in time.
  twoNodes = await startTwoNodes('rolling', { DRAIN_DELAY_MS: '1000', DRAIN_TIMEOUT_MS: '10000' });
  nodes = twoNodes.nodes;
  balancer = await startBalancer(nodes.map((n) => n.port));
  api = apiClient(balancer.origin);
}, 120_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await balancer?.close();
  await twoNodes?.stop();
});

describe('a rolling restart under load', () => {
  it('loses no request and no push while the nodes are restarted one by one', async () => {
    await until('both nodes ready', async () => (await Promise.all(nodes.map(isReady))).every(Boolean));
    const tokens: Record<string, string> = {};
    for (const user of ['admin', 'manager', 'viewer'] as const) tokens[user] = (await signIn(api, demoCredentials[user])).access_token;
    const location = ((await api<Location[]>('GET', '/api/locations', { token: tokens.manager })).body).find((l) => l.name === '55 Broadway')!;

    const tabs = TAB_USERS.map((user) => openTab(user, tokens[user]!));
    await until('every tab to load', () => tabs.every((t) => t.start !== null && rowsOf(t.tasks).length > 0));

    const acknowledged: Acknowledged[] = [];
    const failures: string[] = [];
    const writers = Array.from({ length: WRITERS }, (_, n) => startWriter(n, tokens.admin!, location.id, acknowledged, failures));
    const moreWrites = async (what: string) => {
      const target = acknowledged.length + WRITES_PER_STEP;
      await until(what, () => acknowledged.length >= target || failures.length > 0, () => failures.join('; '));
    };

    await moreWrites('writes before the restart');
    for (const node of nodes) {
      const handed = balancer.handed.get(node.port)!;
      phase = `stopping node on ${node.port}`;
      await node.process.stop('SIGTERM');
      phase = `starting node on ${node.port}`;
      await node.process.start();
      phase = `after restarting node on ${node.port}`;
      // Back in the balancer's rotation, and taking connections again, before the next node goes.
      await until('the restarted node to take connections', () => balancer.handed.get(node.port)! > handed + WRITES_PER_STEP);
      await moreWrites('writes after the restart');
    }
    for (const writer of writers) writer.stop();
    await Promise.all(writers.map((w) => w.done));

    // Every request was answered 2xx: nothing refused, reset or cut by a stopping node.
    expect(failures).toEqual([]);

    // Every acknowledged write is in the log and in the read model.
    const ids = [...new Set(acknowledged.map((a) => a.id))];
    const streams = await twoNodes.database.sql<{ id: string; version: number }[]>`
      SELECT substr(stream_id, 6) AS id, max(version)::int AS version FROM events
      WHERE stream_id = ANY(${ids.map((id) => `task-${id}`)}) GROUP BY stream_id`;
    const logged = new Map(streams.map((s) => [s.id, s.version]));
    expect(acknowledged.filter((a) => (logged.get(a.id) ?? 0) < a.version)).toEqual([]);
    const listed = new Map((await get<Task[]>('/api/tasks', tokens.admin!)).map((t) => [t.id, t.version]));
    expect(ids.filter((id) => listed.get(id) !== logged.get(id))).toEqual([]);

    // Each tab ends with exactly what its user's GET answers.
    const answers = new Map<string, Task[]>();
    for (const user of new Set(TAB_USERS)) answers.set(user, byId(await get<Task[]>('/api/tasks', tokens[user]!)));
    const converged = (t: Tab) => isDeepStrictEqual(byId(rowsOf(t.tasks)), answers.get(t.user));
    await until('every tab to hold what its GET answers', () => tabs.every(converged), () => `${tabs.filter(converged).length}/${tabs.length}`);
    for (const tab of tabs) expect(byId(rowsOf(tab.tasks))).toEqual(answers.get(tab.user));

    // ... and was sent every change of the log after it loaded: live, or caught up on another node.
    const events = await twoNodes.database.sql<{ id: string; position: number }[]>`
      SELECT substr(stream_id, 6) AS id, position FROM events WHERE stream_type = 'task' AND position > ${Math.min(...tabs.map((t) => t.start!))}`;
    for (const tab of tabs) {
      const missed = events.filter((e) => e.position > tab.start! && (tab.received.get(e.id) ?? 0) < e.position);
      expect(missed).toEqual([]);
      // Moved at least once (each node it was on restarted), and never had to reload.
      expect(tab.connects).toBeGreaterThanOrEqual(2);
      expect(tab.resyncs).toEqual([]);
    }
  }, 150_000);
});
