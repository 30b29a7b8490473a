import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';
import { listen, type Listener } from '../support/sockets';
import { startTwoNodes, type TwoNodes } from '../support/twoNodes';

/**
 * Two processes of the real entry point on one PostgreSQL database, as two nodes behind a proxy:
 * a write through either reaches the sockets of both, presence spans them, and killing one in
 * the middle of writes loses nothing that was acknowledged.
 */
let nodes: TwoNodes;
let a: MainProcess;
let b: MainProcess;
let apiA: Api;
let apiB: Api;
let admin: string;
let manager: string;
const sockets: Listener[] = [];

beforeAll(async () => {
  nodes = await startTwoNodes('nodes');
  [a, b] = [nodes.nodes[0].process, nodes.nodes[1].process];
  apiA = apiClient(a.origin);
  apiB = apiClient(b.origin);
  admin = (await signIn(apiA, demoCredentials.admin)).access_token;
  manager = (await signIn(apiB, demoCredentials.manager)).access_token;
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nodes?.stop();
});

const open = async (origin: string, token: string, since?: number) => {
  const socket = listen(origin, since === undefined ? { token } : { token, since });
  sockets.push(socket);
  await socket.ready;
  return socket;
};

describe('two nodes on one database', () => {
  it('pushes a write through either node to the sockets of both', async () => {
    const onA = await open(a.origin, admin);
    const onB = await open(b.origin, admin);
    const location = (await apiA('GET', '/api/locations', { token: admin })).body[0];

    const viaA = await apiA('PUT', `/api/locations/${location.id}`, { token: admin, body: { manager: 'Written on A' } });
    expect(viaA.status, viaA.text).toBe(200);
    for (const socket of [onA, onB]) {
      await socket.until((changes) => changes.some((c) => c.changes.some((r) => r.id === location.id && (r.row as { manager?: string })?.manager === 'Written on A')));
    }
    const viaB = await apiB('PUT', `/api/locations/${location.id}`, { token: admin, body: { manager: 'Written on B' } });
    expect(viaB.status, viaB.text).toBe(200);
    for (const socket of [onA, onB]) {
      await socket.until((changes) => changes.some((c) => c.changes.some((r) => r.id === location.id && (r.row as { manager?: string })?.manager === 'Written on B')));
    }
    // Each node reads the other's write at once (no cache of its own left behind).
    expect((await apiA('GET', `/api/locations/${location.id}`, { token: admin })).body.manager).toBe('Written on B');
    const offices = (await apiA('GET', '/api/offices', { token: admin })).body as { id: string; desks: number }[];
    const office = offices[0]!;
    const edited = await apiB('PUT', `/api/offices/${office.id}`, { token: admin, body: { desks: office.desks + 1 } });
    expect(edited.status, edited.text).toBe(200);
    // A's office list is kept in memory; it answers only once it has followed B's commit.
    const listed = (await apiA('GET', '/api/offices', { token: admin })).body as { id: string; desks: number }[];
    expect(listed.find((o) => o.id === office.id)?.desks).toBe(office.desks + 1);
  });

  it("shows on one node's dashboard a write made through the other right before", async () => {
    type Dashboard = { openTasks: number; overdueTasks: number; upcomingTasks: { id: string }[]; recentActivity: { entity_id: string }[] };
    const location = (await apiB('GET', '/api/locations', { token: manager })).body[0] as { id: string };
    for (let i = 0; i < 3; i++) {
      const before = (await apiA('GET', '/api/dashboard', { token: admin })).body as Dashboard;
      // Due long ago, each earlier than the last: first in Upcoming Tasks, and one more overdue.
      const created = await apiB('POST', '/api/tasks', { token: manager, body: { title: `Across ${i}`, description: 'x', location_id: location.id, priority: 'high', due_date: `2020-01-0${3 - i}` } });
      expect(created.status, created.text).toBe(201);
      // A's dashboard is kept in memory by its feed; it answers once it has followed B's commit.
      const after = (await apiA('GET', '/api/dashboard', { token: admin })).body as Dashboard;
      expect([after.openTasks - before.openTasks, after.overdueTasks - before.overdueTasks]).toEqual([1, 1]);
      expect(after.upcomingTasks[0]?.id).toBe(created.body.id);
      expect(after.recentActivity[0]?.entity_id).toBe(created.body.id);
    }
  });

  it('pushes a change of the Slack delivery log, whoever wrote it, to administrators\' sockets on both nodes and to no one else\'s', async () => {
    const admins = [await open(a.origin, admin), await open(b.origin, admin)];
    const managers = [await open(a.origin, manager), await open(b.origin, manager)];
    // Written as the notification process and the delivery loop write it, from neither node: far
    // beyond the log's head, and not due, so neither node's loop takes it.
    const position = 9_000_000_000 + (Date.now() % 1_000_000);
    await nodes.database.sql`
      INSERT INTO slack_deliveries (event_position, rule_id, event_type, deal_id, deal_name, text, next_attempt_at)
      VALUES (${position}, 'nodes', 'deal_stage_change', ${randomUUID()}, 'Two Nodes', 'moved', now() + interval '1 day')`;
    await nodes.database.sql`UPDATE slack_deliveries SET status = 'failed', error = 'Refused' WHERE event_position = ${position} AND rule_id = 'nodes'`;
    for (const socket of admins) {
      await socket.untilRows((rows) => rows.some((m) => m.changes.some((c) => c.entity === 'slack_deliveries' && c.row?.event_position === position && c.row.status === 'failed')), 'the failed delivery');
    }
    // The managers' sockets hear a later change of their own location, never a delivery.
    const { user } = await signIn(apiB, demoCredentials.manager);
    const location = user.locations[0]!;
    expect((await apiA('PUT', `/api/locations/${location}`, { token: admin, body: { manager: 'After the delivery' } })).status).toBe(200);
    for (const socket of managers) {
      await socket.until((changes) => changes.some((c) => c.changes.some((r) => r.id === location && (r.row as { manager?: string })?.manager === 'After the delivery')));
      expect(socket.rows).toEqual([]);
    }
  });

  it('shows who is on a screen across the nodes, and who left', async () => {
    const adminOnA = await open(a.origin, admin);
    const managerOnB = await open(b.origin, manager);
    adminOnA.announce({ screen: '/offices' });
    managerOnB.announce({ screen: '/offices' });
    const both = (l: Listener) => l.untilPresence((p) => p.at(-1)?.screen === '/offices' && p.at(-1)!.viewers.length === 2, 'both users listed');
    await both(adminOnA);
    await both(managerOnB);
    expect(adminOnA.presence.at(-1)!.viewers.map((v) => v.name).sort()).toEqual(['Alex Morgan', 'Jordan Lee'].sort());

    managerOnB.close();
    await adminOnA.untilPresence((p) => p.at(-1)?.viewers.length === 1, 'the manager gone from the list');
    expect(adminOnA.presence.at(-1)!.viewers.map((v) => v.name)).toEqual(['Alex Morgan']);
  });

  it('loses no acknowledged write when one node is killed mid-load; its tabs catch up on the other', async () => {
    const location = (await apiA('GET', '/api/locations', { token: admin })).body[1];
    const watcherOnA = await open(a.origin, admin);
    const acknowledged: string[] = [];
    let failedOnA = 0;
    const write = async (api: Api, n: number) => {
      try {
        const res = await api('POST', '/api/tasks', { token: admin, body: { title: `Load ${n}`, description: 'Two nodes', location_id: location.id } });
        if (res.status === 201) acknowledged.push(res.body.id);
        else throw new Error(`answered ${res.status}`);
      } catch {
        failedOnA += api === apiA ? 1 : 0;
      }
    };
    const load = (async () => {
      for (let n = 0; n < 60; n++) await Promise.all([write(apiA, n), write(apiB, n)]);
    })();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const lastSeen = watcherOnA.changes.at(-1)?.position ?? 0;
    await a.stop('SIGKILL');
    await load;
    expect(failedOnA).toBeGreaterThan(0);

    // Every acknowledged task is in the log and in the read model, read through the survivor.
    const tasks = (await apiB('GET', `/api/tasks?location=${location.id}`, { token: admin })).body as { id: string }[];
    const ids = new Set(tasks.map((t) => t.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    const [row] = await nodes.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE stream_id = ANY(${acknowledged.map((id) => `task-${id}`)})`;
    expect(row?.n).toBe(acknowledged.length);

    // The dead node's tab reconnects to the other one from where it was and gets what it missed.
    const moved = await open(b.origin, admin, lastSeen);
    const missed = acknowledged.filter((id) => !watcherOnA.changes.some((c) => c.changes.some((r) => r.id === id)));
    await moved.until((changes) => missed.every((id) => changes.some((c) => c.changes.some((r) => r.id === id))), 'every missed task');
  });
});
