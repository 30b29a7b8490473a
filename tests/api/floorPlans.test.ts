import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { FloorList, FloorPlacement, FloorPlan } from '@shared/schemas/floorPlans';
import type { Office } from '@shared/schemas/offices';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const box = { x: 0.1, y: 0.2, width: 0.15, height: 0.1 };
const placementPath = (office: Pick<Office, 'id' | 'location_id' | 'floor'>, floor = office.floor, location = office.location_id) =>
  `/api/floor-plans/${location}/${floor}/placements/${office.id}`;
const plan = async (location: string, floor: number, token = w.tokens.admin, extra = '') => {
  const res = await w.api<FloorPlan>('GET', `/api/floor-plans?location=${encodeURIComponent(location)}&floor=${floor}${extra}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
/** A fresh office on floor 40 of the location (no demo office is there), so each test reads its own plan. */
let floorCounter = 40;
const officeOnNewFloor = async (location = '55 Broadway') => w.newOffice(location, { floor: ++floorCounter });

describe('PUT /api/floor-plans/{location_id}/{floor}/placements/{office_id}', () => {
  it('places an office, shows it on the plan with its office, moves it, and takes it off', async () => {
    const office = await officeOnNewFloor();
    const before = await plan('55 Broadway', office.floor);
    expect(before.placements).toEqual([]);
    expect(before.unplaced).toEqual([{ office_id: office.id, office_number: office.office_number, status: 'VACANT' }]);

    const placed = await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.manager, body: box });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.id).not.toBe(office.id);
    expect(placed.body).toMatchObject({ office_id: office.id, location_id: office.location_id, floor: office.floor, ...box, status: 'VACANT', member_name: null, lease_end: null, desks: office.desks, office_number: office.office_number, version: 1 });

    const after = await plan(office.location_id, office.floor);
    expect(after.placements).toEqual([placed.body]);
    expect(after.unplaced).toEqual([]);
    expect(after.background).toBeNull();

    const moved = await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.admin, body: { ...box, x: 0.5, version: 1 } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ x: 0.5, version: 2 });

    const removed = await w.api('DELETE', `${placementPath(office)}?version=2`, { token: w.tokens.manager });
    expect(removed.status, removed.text).toBe(204);
    const empty = await plan(office.location_id, office.floor);
    expect(empty.placements).toEqual([]);
    expect(empty.unplaced.map((o) => o.office_id)).toEqual([office.id]);
    expect((await w.api('DELETE', placementPath(office), { token: w.tokens.manager })).status).toBe(404);
  });

  it('answers a stale version with 409 naming who moved the box', async () => {
    const office = await officeOnNewFloor();
    const first = await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.admin, body: box });
    await w.api('PUT', placementPath(office), { token: w.tokens.manager, body: { ...box, y: 0.6, version: first.body.version } });
    const stale = await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: { ...box, x: 0.7, version: first.body.version } });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.message).toMatch(/^Jordan Lee changed this office on the floor plan \(.*position.*\) since you opened it\. Reload to see the change\.$/);
    expect(stale.body.conflict).toMatchObject({ by: 'Jordan Lee', version: 2 });
  });

  it('lets one of two people moving the same box at once win, the other told who moved it', async () => {
    const office = await officeOnNewFloor();
    const first = await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.admin, body: box });
    const [a, b] = await Promise.all([
      w.api('PUT', placementPath(office), { token: w.tokens.admin, body: { ...box, x: 0.3, version: first.body.version } }),
      w.api('PUT', placementPath(office), { token: w.tokens.manager, body: { ...box, x: 0.6, version: first.body.version } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = won === a ? 'Alex Morgan' : 'Jordan Lee';
    expect(lost.body.message).toMatch(new RegExp(`^${winner} changed this office on the floor plan`));
    const [shown] = (await plan(office.location_id, office.floor)).placements;
    expect(shown).toMatchObject({ x: won.body.x, version: first.body.version + 1 });
  });

  it('shows the office’s status, member and lease on its box, and a status change re-stamps it', async () => {
    const office = await officeOnNewFloor();
    const placed = (await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.admin, body: box })).body;
    const member = await w.newMember('55 Broadway');
    const assigned = await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } });
    expect(assigned.status, assigned.text).toBe(200);
    await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { start_date: '2026-01-01', term_months: 12 } } });
    const [shown] = (await plan(office.location_id, office.floor)).placements;
    expect(shown).toMatchObject({ status: 'LEASED', member_name: member.company_name, lease_end: '2027-01-01', version: placed.version });
    expect(shown!.updated_at > placed.updated_at).toBe(true);
  });

  it('refuses an office of another floor or location (400), coordinates outside 0..1 (400), a viewer and a manager of another location (403)', async () => {
    const office = await officeOnNewFloor();
    const elsewhere = await w.newOffice('60 Broad', { floor: office.floor });
    const otherFloor = await w.api('PUT', placementPath(office, office.floor + 1), { token: w.tokens.admin, body: box });
    expect(otherFloor.status).toBe(400);
    expect(otherFloor.body.message).toBe(`The office is on floor ${office.floor}, not this floor`);
    const otherLocation = await w.api('PUT', placementPath(elsewhere, office.floor, office.location_id), { token: w.tokens.admin, body: box });
    expect(otherLocation.status).toBe(400);
    expect(otherLocation.body.message).toBe('The office is at another location');

    for (const bad of [{ ...box, x: -0.1 }, { ...box, y: 1.2 }, { ...box, x: 0.9, width: 0.2 }, { ...box, y: 0.95, height: 0.1 }, { ...box, width: 0 }, { ...box, x: 'left' }, { ...box, z: 1 }]) {
      const res = await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.fields.length).toBeGreaterThan(0);
    }
    expect((await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: { ...box, x: 0.85, width: 0.15 } })).status).toBe(200);

    expect((await w.api('PUT', placementPath(office), { token: w.tokens.viewer, body: box })).status).toBe(403);
    expect((await w.api('DELETE', placementPath(office), { token: w.tokens.viewer })).status).toBe(403);
    const greenpoint = await w.newOffice('Greenpoint', { floor: 3 });
    const outOfScope = await w.api('PUT', placementPath(greenpoint), { token: w.tokens.manager, body: box });
    expect(outOfScope.status).toBe(403);
    expect((await w.api('GET', `/api/floor-plans?location=Greenpoint&floor=3`, { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('PUT', placementPath({ ...office, id: randomUUID() }), { token: w.tokens.admin, body: box })).status).toBe(404);
    for (const path of [`/api/floor-plans/nope/3/placements/${office.id}`, `/api/floor-plans/${office.location_id}/three/placements/${office.id}`, `/api/floor-plans/${office.location_id}/3/placements/x`]) {
      expect((await w.api('PUT', path, { token: w.tokens.admin, body: box })).status, path).toBe(400);
    }
    for (const query of ['', '?location=55%20Broadway', '?location=55%20Broadway&floor=x', '?location=55%20Broadway&floor=3&as_of=yesterday', '?location=55%20Broadway&floor=3&as_of=2999-01-01', '?location=55%20Broadway&floor=3&extra=1']) {
      expect((await w.api('GET', `/api/floor-plans${query}`, { token: w.tokens.admin })).status, query).toBe(400);
    }
    expect((await w.api('GET', `/api/floor-plans?location=Nowhere&floor=3`, { token: w.tokens.admin })).status).toBe(404);
  });

  it('takes the box off the plan when its office moves to another floor or location, and places it at the new one', async () => {
    const office = await officeOnNewFloor();
    await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: box });
    const upstairs = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { floor: office.floor + 100 } });
    expect(upstairs.status, upstairs.text).toBe(200);
    expect((await plan(office.location_id, office.floor)).placements).toEqual([]);
    expect((await plan(office.location_id, office.floor + 100)).unplaced.map((o) => o.office_id)).toEqual([office.id]);

    // Back downstairs: its box stays off the plan until placed again.
    await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { floor: office.floor } });
    expect((await plan(office.location_id, office.floor)).placements).toEqual([]);
    expect((await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: box })).status).toBe(200);
    // To 60 Broad, which the manager also runs; then placed there by the manager.
    const relocated = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { location_id: w.loc('60 Broad') } });
    expect(relocated.status, relocated.text).toBe(200);
    expect((await plan(office.location_id, office.floor)).placements).toEqual([]);
    const there = await w.api<FloorPlacement>('PUT', placementPath(relocated.body), { token: w.tokens.manager, body: box });
    expect(there.status, there.text).toBe(200);
    expect(there.body.location_id).toBe(w.loc('60 Broad'));
  });

  it('lays out the unplaced offices of a floor in rows by number, each inside the plan', async () => {
    const first = await officeOnNewFloor();
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await w.newOffice('55 Broadway', { floor: first.floor }));
    await w.api('PUT', placementPath(first), { token: w.tokens.admin, body: { x: 0.05, y: 0.05, width: 0.2, height: 0.2 } });
    const res = await w.api<{ placed: FloorPlacement[] }>('POST', `/api/floor-plans/${first.location_id}/${first.floor}/auto-layout`, { token: w.tokens.manager, body: {} });
    expect(res.status, res.text).toBe(200);
    const numbers = others.map((o) => o.office_number).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    expect(res.body.placed.map((p) => p.office_number)).toEqual(numbers);
    for (const p of res.body.placed) {
      expect(p.x + p.width).toBeLessThanOrEqual(1);
      expect(p.y + p.height).toBeLessThanOrEqual(1);
      expect(p.y).toBeGreaterThanOrEqual(0.25);
    }
    const rows = [...new Set(res.body.placed.map((p) => p.y))];
    expect(rows.length).toBe(2);
    const after = await plan(first.location_id, first.floor);
    expect(after.unplaced).toEqual([]);
    expect(after.placements).toHaveLength(5);
    expect((await w.api('POST', `/api/floor-plans/${first.location_id}/${first.floor}/auto-layout`, { token: w.tokens.viewer, body: {} })).status).toBe(403);
  });

  it('lists a location’s floors for the picker', async () => {
    const office = await officeOnNewFloor();
    const res = await w.api<FloorList>('GET', `/api/floor-plans/floors?location=${office.location_id}`, { token: w.tokens.viewer });
    expect(res.status, res.text).toBe(200);
    const floors = res.body.floors.map((f) => f.floor);
    expect(floors).toEqual([...floors].sort((a, b) => a - b));
    expect(floors).toEqual(expect.arrayContaining([3, 4, 5, 6, office.floor]));
    expect(res.body.floors.find((f) => f.floor === office.floor)).toEqual({ floor: office.floor, offices: 1, placed: 0, has_background: false });
    expect((await w.api('GET', `/api/floor-plans/floors?location=Greenpoint`, { token: w.tokens.manager })).status).toBe(403);
  });
});

describe('GET /api/floor-plans?as_of=', () => {
  it('shows the statuses of that day from the office history, and leaves out offices not yet there', async () => {
    const office = await officeOnNewFloor();
    await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: box });
    // Back-date the office's history as if it had been created ten days ago, PENDING five days ago.
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await w.server.deps.sql`UPDATE office_history SET valid_from = ${day(10)} WHERE office_id = ${office.id}`;
    await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'PENDING' } });
    await w.server.deps.sql`UPDATE office_history SET valid_to = ${day(5)} WHERE office_id = ${office.id} AND valid_to IS NOT NULL`;
    await w.server.deps.sql`UPDATE office_history SET valid_from = ${day(5)} WHERE office_id = ${office.id} AND valid_to IS NULL`;
    const ymd = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - n * 86_400_000));

    expect((await plan(office.location_id, office.floor)).placements[0]!.status).toBe('PENDING');
    const past = await plan(office.location_id, office.floor, w.tokens.admin, `&as_of=${ymd(7)}`);
    expect(past.as_of).toBe(ymd(7));
    expect(past.placements.map((p) => [p.office_id, p.status])).toEqual([[office.id, 'VACANT']]);
    expect((await plan(office.location_id, office.floor, w.tokens.admin, `&as_of=${ymd(3)}`)).placements[0]!.status).toBe('PENDING');

    // Leased today: today's plan names the company and the lease's end; a past day's does not.
    const member = await w.newMember('55 Broadway');
    expect((await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } })).status).toBe(200);
    await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { start_date: '2026-03-01', term_months: 6 } } });
    expect((await plan(office.location_id, office.floor)).placements[0]).toMatchObject({ status: 'LEASED', member_name: member.company_name, lease_end: '2026-09-01' });
    expect((await plan(office.location_id, office.floor, w.tokens.admin, `&as_of=${ymd(3)}`)).placements[0]).toMatchObject({ status: 'PENDING', member_name: null, lease_end: null });
    expect((await plan(office.location_id, office.floor, w.tokens.admin, `&as_of=${ymd(0)}`)).as_of).toBeNull();
    const before = await plan(office.location_id, office.floor, w.tokens.admin, `&as_of=${ymd(12)}`);
    expect(before.placements).toEqual([]);
    expect(before.unplaced).toEqual([]);
  });
});

describe('history of a placement in /api/events', () => {
  it('tells who placed, moved and took an office off the plan, as its own history', async () => {
    const office = await officeOnNewFloor();
    const first = await w.api<FloorPlacement>('PUT', placementPath(office), { token: w.tokens.manager, body: box });
    await w.api('PUT', placementPath(office), { token: w.tokens.admin, body: { ...box, x: 0.4, version: first.body.version } });
    await w.api('DELETE', placementPath(office), { token: w.tokens.manager });
    const res = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${first.body.id}&stream=placement`, { token: w.tokens.manager });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((e) => e.type)).toEqual(['OfficeUnplaced', 'OfficePlaced', 'OfficePlaced']);
    expect(res.body[1]!.changes).toEqual(expect.arrayContaining([{ field: 'x', from: 0.1, to: 0.4 }]));
    expect(res.body.map((e) => e.summary)).toEqual([
      `Jordan Lee took office ${office.office_number} off the floor ${office.floor} plan`,
      `Alex Morgan moved office ${office.office_number} on the floor ${office.floor} plan`,
      `Jordan Lee placed office ${office.office_number} on the floor ${office.floor} plan`,
    ]);
    const viewerOfAll = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${first.body.id}`, { token: w.tokens.viewer });
    expect(viewerOfAll.body).toHaveLength(3);
  });
});
