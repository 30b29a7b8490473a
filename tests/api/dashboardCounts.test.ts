import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import { countedFromRows } from '../support/dashboardCounted';
import { MANAGER_LOCATIONS, officeWorld, type OfficeWorld } from './officeHelpers';
import { inDays, seededRandom, today } from '../support/seededRandom';

/**
 * The dashboard's figures come from counts kept per location as the rows change
 * (projections/dashboard/counts.ts). Here they are held to the counts taken from the rows
 * themselves, the dashboard's former query, after random work through the API: offices created,
 * moved, leased and re-statused, members and employees added, tasks created, moved, re-dated and
 * moved on in status, several of them at once.
 */
let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

/** A lease start such that a 1-month lease ends around `days` from today. */
const startFor = (days: number) => inDays(days - 30);

describe('the dashboard figures kept per location', () => {
  it('given random work through the API, some of it at once, then every view of the dashboard equals the counts taken from the rows', async () => {
    const { api, tokens } = w;
    const rnd = seededRandom(20261127);
    const names = w.locations.map((l) => l.name);
    // A command the domain refuses (a leased office cannot move) changes nothing, and is fine here.
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const res = await api<T>(method, path, { token: tokens.admin, body });
      expect(res.status < 300 || res.status === 409, `${method} ${path} ${res.status} ${res.text}`).toBe(true);
      return res.body;
    };
    // The seed's rows and new ones alike.
    const offices = await call<Office[]>('GET', '/api/offices');
    const members = await call<Member[]>('GET', '/api/members');
    const tasks = await call<Task[]>('GET', '/api/tasks');
    const due = () => (rnd.int(5) === 0 ? null : inDays(rnd.int(150) - 30));
    // Each step, a few commands sent together (different streams, often the same location's counts).
    const steps: (() => Promise<unknown>)[] = [
      async () => offices.push(await w.newOffice(rnd.pick(names), { desks: 1 + rnd.int(6) })),
      async () => members.push(await w.newMember(rnd.pick(names))),
      async () => tasks.push(await call<Task>('POST', '/api/tasks', { title: 'Counted', description: 'x', location_id: w.loc(rnd.pick(names)), due_date: due() })),
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await call('PATCH', `/api/offices/${office.id}/status`, { status: rnd.pick(['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE']) });
      },
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await call('PUT', `/api/offices/${office.id}`, { lease_info: { start_date: startFor(rnd.int(200) - 60), term_months: 1 } });
      },
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await call('PUT', `/api/offices/${office.id}`, { location_id: w.loc(rnd.pick(names)) });
      },
      async () => {
        const member = members.length > 0 ? rnd.pick(members) : null;
        if (member) await call('POST', `/api/members/${member.id}/employees`, { name: 'Em Ploy', email: `e${rnd.int(1e6)}@x.example` });
      },
      async () => {
        const member = members.length > 0 ? rnd.pick(members) : null;
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        // Assigning leases the office (or is refused, changing nothing): either way the counts must follow.
        if (member && office) await api('PATCH', `/api/members/${member.id}/office`, { token: tokens.admin, body: { office_id: rnd.int(3) === 0 ? null : office.id } });
      },
      async () => {
        const task = tasks.length > 0 ? rnd.pick(tasks) : null;
        if (task) await call('PUT', `/api/tasks/${task.id}`, rnd.int(2) === 0 ? { due_date: due() } : { location_id: w.loc(rnd.pick(names)), office_id: null });
      },
      async () => {
        const task = tasks.length > 0 ? rnd.pick(tasks) : null;
        if (!task) return;
        const now = (await api<Task>('GET', `/api/tasks/${task.id}`, { token: tokens.admin })).body;
        const next = { pending: ['in_progress', 'cancelled'], in_progress: ['completed', 'cancelled'] }[now.status as 'pending'];
        if (next) await call('PATCH', `/api/tasks/${task.id}/status`, { status: rnd.pick(next) });
      },
    ];
    for (let round = 0; round < 60; round++) {
      // Steps on different rows, at once; one row's commands stay in order.
      await Promise.all(Array.from({ length: 4 }, () => rnd.pick(steps)()));
    }

    const managerLocations = MANAGER_LOCATIONS.map(w.loc);
    const views: [string, string, boolean, string[], string | null][] = [
      ['the admin, All Locations', tokens.admin, true, [], null],
      ...names.map((name): [string, string, boolean, string[], string | null] => [`the admin, ${name}`, tokens.admin, true, [], w.loc(name)]),
      ['the manager, their locations', tokens.manager, false, managerLocations, null],
      ['the manager, 60 Broad', tokens.manager, false, managerLocations, w.loc('60 Broad')],
    ];
    for (const [label, token, all, locations, locationId] of views) {
      const q = locationId ? `?location=${locationId}` : '';
      const res = await api<Dashboard>('GET', `/api/dashboard${q}`, { token });
      expect(res.status, res.text).toBe(200);
      const { recentActivity: _a, upcomingTasks: _u, leasesEnding: _l, locations: _n, ...figures } = res.body;
      expect(figures, label).toEqual(await countedFromRows(w.server.deps.sql, all, locations, locationId, today()));
    }
    // The work above reached every figure.
    const { body } = await api<Dashboard>('GET', '/api/dashboard', { token: tokens.admin });
    for (const figure of ['onNoticeOffices', 'overdueTasks', 'inProgressTasks', 'totalEmployees'] as const) expect(body[figure], figure).toBeGreaterThan(0);
  });

  it('given the counts of the seed and of new tasks written at once at one location, then no count is lost', async () => {
    const before = (await w.api<Dashboard>('GET', '/api/dashboard?location=Bushwick', { token: w.tokens.admin })).body;
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { title: `At once ${i}`, description: 'x', location_id: w.loc('Bushwick'), due_date: inDays(-1) } }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    const after = (await w.api<Dashboard>('GET', '/api/dashboard?location=Bushwick', { token: w.tokens.admin })).body;
    expect([after.openTasks - before.openTasks, after.overdueTasks - before.overdueTasks]).toEqual([12, 12]);
  });

  it('refuses a manager the figures of a location outside their own', async () => {
    const res = await w.api('GET', '/api/dashboard?location=Bushwick', { token: w.tokens.manager });
    expect(res.status).toBe(403);
  });
});
