import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import { dueLabel } from '../../projections/dashboard/queries';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.parse(today()) + days * 86_400_000).toISOString().slice(0, 10);

/** The dashboard's figures as the lists the same user reads add them up. */
async function fromLists(token: string, location?: string) {
  const q = location ? `?location=${encodeURIComponent(location)}` : '';
  const offices = (await w.api<Office[]>('GET', `/api/offices${q}`, { token })).body;
  const members = (await w.api<Member[]>('GET', `/api/members${q}`, { token })).body;
  const tasks = (await w.api<Task[]>('GET', `/api/tasks${q}`, { token })).body;
  const templates = (await w.api<unknown[]>('GET', '/api/templates', { token })).body;
  const open = tasks.filter((t) => t.status === 'pending' || t.status === 'in_progress');
  const end = (o: Office) => o.lease_info?.end_date ?? null;
  return {
    totalOffices: offices.length,
    leasedOffices: offices.filter((o) => o.status === 'LEASED').length,
    vacantOffices: offices.filter((o) => o.status === 'VACANT').length,
    onNoticeOffices: offices.filter((o) => o.status === 'LEASED' && end(o) !== null && end(o)! >= today() && end(o)! <= inDays(90)).length,
    memberCompanies: members.length,
    totalEmployees: members.reduce((n, m) => n + (m.employees?.length ?? 0), 0),
    openTasks: open.length,
    inProgressTasks: open.filter((t) => t.status === 'in_progress').length,
    overdueTasks: open.filter((t) => t.due_date !== null && t.due_date < today()).length,
    templates: templates.length,
  };
}

describe('GET /api/dashboard', () => {
  it('counts what the lists hold, for all locations and for one, for an admin and for a manager', async () => {
    for (const [token, location] of [
      [w.tokens.admin, undefined],
      [w.tokens.admin, 'Bushwick'],
      [w.tokens.manager, undefined],
      [w.tokens.manager, '60 Broad'],
    ] as const) {
      const q = location ? `?location=${encodeURIComponent(location)}` : '';
      const res = await w.api<Dashboard>('GET', `/api/dashboard${q}`, { token });
      expect(res.status, res.text).toBe(200);
      expect(res.body, `${location ?? 'all'}`).toMatchObject(await fromLists(token, location));
    }
    const managerLocations = (await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.manager })).body.locations.map((l) => l.name);
    expect(managerLocations).toEqual(['55 Broadway', '60 Broad']);
    expect((await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.admin })).body.locations).toHaveLength(8);
  });

  it('lists the next open tasks by due date with their labels, leases ending soon, and the latest activity in words', async () => {
    const res = await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.admin });
    const dues = res.body.upcomingTasks.map((t) => t.dueDate ?? '9999');
    expect(dues).toEqual([...dues].sort());
    for (const t of res.body.upcomingTasks) expect(t.due_label).toBe(dueLabel(t.dueDate, today()));
    expect(res.body.leasesEnding.every((l) => l.days >= 0 && l.days <= 90)).toBe(true);
    expect(res.body.leasesEnding).toHaveLength(res.body.onNoticeOffices <= 20 ? res.body.onNoticeOffices : 20);

    const office = await w.newOffice('Bushwick');
    const fresh = (await w.api<Dashboard>('GET', '/api/dashboard?location=Bushwick', { token: w.tokens.admin })).body.recentActivity[0]!;
    expect(fresh).toMatchObject({ type: 'Office', entity_id: office.id, user_name: 'Alex Morgan', message: `Alex Morgan added office ${office.office_number}` });
    const elsewhere = (await w.api<Dashboard>('GET', '/api/dashboard?location=Greenpoint', { token: w.tokens.admin })).body.recentActivity;
    expect(elsewhere.some((a) => a.entity_id === office.id)).toBe(false);
  });

  it('given a change of the system settings, when an administrator opens the dashboard, then it is the newest activity, typed Settings, and every entry reads newest first, typed in words', async () => {
    const put = await w.api('PUT', '/api/settings/system', { token: w.tokens.admin, body: { company_holidays: 13, vacation_days: 26 } });
    expect(put.status, put.text).toBe(200);
    const activity = (await w.api<Dashboard>('GET', '/api/dashboard', { token: w.tokens.admin })).body.recentActivity;
    expect(activity[0]).toMatchObject({ type: 'Settings', user_name: 'Alex Morgan', message: 'Alex Morgan set company time off to 13 holidays and 26 vacation days' });
    // Words, never a stream's name such as `slack_config` or `resource`.
    for (const a of activity) expect(a.type).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    const times = activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('labels due dates as the list says them', () => {
    const t = '2026-11-24';
    expect(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-30', '2026-12-01', null].map((d) => dueLabel(d, t))).toEqual([
      'Overdue',
      'Today',
      'Tomorrow',
      'This week',
      'Later',
      'No due date',
    ]);
  });

  it('refuses unknown parameters and asks for a token', async () => {
    expect((await w.api('GET', '/api/dashboard?x=1', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/dashboard')).status).toBe(401);
  });
});
