import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@shared/domain/access';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import { createCommandHandler } from '../../events/handleCommand';
import { createPool } from '../../events/store/connect';
import type { Pool } from '../../events/store/types';
import { taskAggregate } from '../../events/task/decider';
import { createDashboardMemory } from '../../projections/dashboard/memory';
import { dashboardFromReadModels } from '../../projections/dashboard/queries';
import type { ChangeFeed } from '../../projections/engine/changeFeed';
import { applyInline, rebuild } from '../../projections/registry';
import { readActivity } from '../../server/activity/readActivity';
import { createRecentActivity } from '../../server/activity/recentMemory';
import { recentActivity } from '../../server/activity/recentActivity';
import { MANAGER_LOCATIONS, officeWorld, type OfficeWorld } from './officeHelpers';
import { inDays, seededRandom, today } from '../support/seededRandom';

/**
 * The dashboard answers from memory kept by the change feed (projections/dashboard/memory.ts,
 * server/activity/recentMemory.ts). Here every answer is held to the one computed afresh from
 * the read models and the log (dashboardFromReadModels, readActivity), after random work by an
 * administrator and a manager, some of it at once, for every kind of caller and location, on
 * other days than today, against memory loaded afresh (a restart) and read models rebuilt, and
 * after writes by another process on the same database, which this server learns of only
 * through its feed.
 */
let w: OfficeWorld;
let actors: { admin: Actor; manager: Actor; viewer: Actor };
beforeAll(async () => {
  w = await officeWorld();
  const actor = ({ user }: { user: { id: string; role: string; locations: string[] } }): Actor => ({ id: user.id, role: user.role as Actor['role'], locations: user.locations });
  actors = { admin: actor(w.users.admin), manager: actor(w.users.manager), viewer: actor(w.users.viewer) };
});
afterAll(async () => {
  await w?.server.stop();
});


/** The dashboard as the route computed it before it kept anything in memory: from the database. */
async function fromDatabase(actor: Actor, locationId: string | null, day = today()): Promise<Dashboard> {
  const { sql } = w.server.deps;
  const [figures, activity] = await Promise.all([dashboardFromReadModels(sql, actor, locationId, day), readActivity(sql, actor, { limit: 8 }, locationId ?? undefined)]);
  return { ...figures, recentActivity: recentActivity(activity) };
}

/** Every caller and location the dashboard is asked for: [label, token, actor, location id]. */
function views(): [string, string, Actor, string | null][] {
  const { tokens } = w;
  return [
    ['the admin, All Locations', tokens.admin, actors.admin, null],
    ...w.locations.map((l): [string, string, Actor, string | null] => [`the admin, ${l.name}`, tokens.admin, actors.admin, l.id]),
    ['the manager, their locations', tokens.manager, actors.manager, null],
    ...MANAGER_LOCATIONS.map((name): [string, string, Actor, string | null] => [`the manager, ${name}`, tokens.manager, actors.manager, w.loc(name)]),
    ['the viewer, All Locations', tokens.viewer, actors.viewer, null],
  ];
}

async function expectEveryViewFresh(when: string) {
  for (const [label, token, actor, locationId] of views()) {
    const res = await w.api<Dashboard>('GET', `/api/dashboard${locationId ? `?location=${locationId}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body, `${label}, ${when}`).toEqual(await fromDatabase(actor, locationId));
  }
}

describe('the dashboard kept in memory', () => {
  it('given random work by an admin and a manager, some of it at once, then every view equals the dashboard computed from the database', async () => {
    const { api, tokens } = w;
    const rnd = seededRandom(20261128);
    const names = w.locations.map((l) => l.name);
    // A command the domain refuses (a leased office cannot move) changes nothing, and is fine here.
    const call = async <T>(token: string, method: string, path: string, body?: unknown) => {
      const res = await api<T>(method, path, { token, body });
      expect(res.status < 300 || res.status === 409, `${method} ${path} ${res.status} ${res.text}`).toBe(true);
      return res.body;
    };
    const admin = <T>(method: string, path: string, body?: unknown) => call<T>(tokens.admin, method, path, body);
    const offices = await admin<Office[]>('GET', '/api/offices');
    const members = await admin<Member[]>('GET', '/api/members');
    const tasks = await admin<Task[]>('GET', '/api/tasks');
    const templates: string[] = [];
    const due = () => (rnd.int(5) === 0 ? null : inDays(rnd.int(150) - 30));
    const managed = MANAGER_LOCATIONS.map(w.loc);
    const steps: (() => Promise<unknown>)[] = [
      async () => offices.push(await w.newOffice(rnd.pick(names), { desks: 1 + rnd.int(6) })),
      async () => members.push(await w.newMember(rnd.pick(names))),
      async () => tasks.push(await admin<Task>('POST', '/api/tasks', { title: `Admin's ${rnd.int(1e6)}`, description: 'x', location_id: w.loc(rnd.pick(names)), due_date: due() })),
      // The manager writes at their own locations: another user's writes, as the admin reads.
      async () =>
        tasks.push(
          await call<Task>(tokens.manager, 'POST', '/api/tasks', {
            title: `Manager's ${rnd.int(1e6)}`,
            description: 'x',
            location_id: rnd.pick(managed),
            priority: rnd.pick(['low', 'medium', 'high']),
            due_date: due(),
          }),
        ),
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await admin('PATCH', `/api/offices/${office.id}/status`, { status: rnd.pick(['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE']) });
      },
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await admin('PUT', `/api/offices/${office.id}`, { lease_info: { start_date: inDays(rnd.int(200) - 90), term_months: 1 }, tenant: `Tenant ${rnd.int(9)}` });
      },
      async () => {
        const office = offices.length > 0 ? rnd.pick(offices) : null;
        if (office) await admin('PUT', `/api/offices/${office.id}`, { location_id: w.loc(rnd.pick(names)) });
      },
      async () => {
        const member = members.length > 0 ? rnd.pick(members) : null;
        if (member) await admin('POST', `/api/members/${member.id}/employees`, { name: 'Em Ploy', email: `e${rnd.int(1e6)}@x.example` });
      },
      async () => {
        const task = tasks.length > 0 ? rnd.pick(tasks) : null;
        if (task) await admin('PUT', `/api/tasks/${task.id}`, rnd.int(2) === 0 ? { due_date: due() } : { location_id: w.loc(rnd.pick(names)), office_id: null });
      },
      async () => {
        const task = tasks.length > 0 ? rnd.pick(tasks) : null;
        if (!task) return;
        const now = (await api<Task>('GET', `/api/tasks/${task.id}`, { token: tokens.admin })).body;
        const next = { pending: ['in_progress', 'cancelled'], in_progress: ['completed', 'cancelled'] }[now.status as 'pending'];
        if (next) await admin('PATCH', `/api/tasks/${task.id}/status`, { status: rnd.pick(next) });
      },
      async () => templates.push((await admin<{ id: string }>('POST', '/api/templates', { name: `Kept ${rnd.int(1e6)}`, category: 'Email', content: 'Hello' })).id),
      // Deleted: the templates' count comes down.
      async () => {
        const id = templates.pop();
        if (id) await admin('DELETE', `/api/templates/${id}`);
      },
    ];
    for (let round = 0; round < 50; round++) {
      await Promise.all(Array.from({ length: 4 }, () => rnd.pick(steps)()));
      // Now and then in the middle of the work, so a memory that drifts is caught where it drifts.
      if (round % 10 === 9) await expectEveryViewFresh(`after round ${round + 1}`);
    }
    await expectEveryViewFresh('at the end');
    // The work reached the lists too.
    const { body } = await api<Dashboard>('GET', '/api/dashboard', { token: tokens.admin });
    expect(body.leasesEnding.length).toBeGreaterThan(0);
    expect(body.upcomingTasks.length).toBe(5);
  });

  it('given the calendar turning, then the figures and lists of each day equal those computed from the database for that day', async () => {
    for (const offset of [-45, -1, 0, 1, 2, 7, 30, 89, 90, 91, 200]) {
      const day = inDays(offset);
      for (const [label, , actor, locationId] of views()) {
        expect(w.server.deps.dashboard.answer(actor, locationId, day), `${label}, ${day}`).toEqual(await dashboardFromReadModels(w.server.deps.sql, actor, locationId, day));
      }
    }
  });

  it('given memory loaded afresh from the database, as after a restart, then it answers as the memory the feed kept', async () => {
    const still: ChangeFeed = { listen: () => undefined } as unknown as ChangeFeed;
    const { sql } = w.server.deps;
    const [dashboard, activity] = await Promise.all([createDashboardMemory(sql, still), createRecentActivity(sql, still)]);
    for (const [label, , actor, locationId] of views()) {
      expect(dashboard.answer(actor, locationId, today()), label).toEqual(w.server.deps.dashboard.answer(actor, locationId, today()));
      expect(await activity.newest(actor, 8, locationId ?? undefined), label).toEqual(await w.server.deps.recentActivity.newest(actor, 8, locationId ?? undefined));
    }
  });

  it('given the read models rebuilt from the log beside the running server, then the memory it kept still equals them', async () => {
    // A rebuild writes no event: what the feed kept must be what a fold of the whole log gives.
    await rebuild(w.server.deps.sql);
    await expectEveryViewFresh('after a rebuild');
  });

  it('given writes by another process on the same database, then the next answer shows them, as computed from the database', async () => {
    // Another node: its own pool and command path; this server hears of its commits only from the log.
    const other: Pool = createPool(w.server.database.url, { max: 2 });
    try {
      const handle = createCommandHandler(other, applyInline);
      const at = w.loc(MANAGER_LOCATIONS[0]!);
      const before = (await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.manager })).body;
      const ids = [randomUUID(), randomUUID()];
      for (const [i, id] of ids.entries()) {
        const details = { title: `Elsewhere ${i}`, description: 'x', location_id: at, office_id: null, priority: 'high' as const, assigned_to: null, due_date: inDays(-400 + i) };
        await handle(taskAggregate, id, { type: 'CreateTask', id, details, office: null }, { userId: w.users.admin.user.id, now: new Date() });
      }
      await handle(taskAggregate, ids[0]!, { type: 'ChangeTaskStatus', status: 'in_progress' }, { userId: w.users.admin.user.id, now: new Date() });
      // Right after the commits: the route waits for its feed to reach the log's head, then answers from memory.
      const after = await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.manager });
      expect(after.body).toEqual(await fromDatabase(actors.manager, null));
      expect([after.body.openTasks - before.openTasks, after.body.overdueTasks - before.overdueTasks, after.body.inProgressTasks - before.inProgressTasks]).toEqual([2, 2, 1]);
      expect(after.body.upcomingTasks.slice(0, 2).map((t) => t.id)).toEqual(ids);
      expect(after.body.recentActivity[0]!.entity_id).toBe(ids[0]);
      await expectEveryViewFresh('after the other process wrote');
    } finally {
      await other.end();
    }
  });
});
