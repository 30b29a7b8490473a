import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import { listen } from '../support/sockets';
import { MANAGER_LOCATIONS, MEMBER_KEYS, officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const REQUIRED = 'Company name, location, contact name, and contact email are required';
const assign = (member: string, office_id: string | null, token = w.tokens.admin, version?: number) =>
  w.api<Member>('PATCH', `/api/members/${member}/office`, { token, body: { office_id, version } });

describe('GET /api/members', () => {
  it('lists the seeded companies in the Member shape, with employees and offices', async () => {
    const res = await w.api<Member[]>('GET', '/api/members', { token: w.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(140);
    for (const m of res.body) {
      expect(Object.keys(m).sort()).toEqual(MEMBER_KEYS);
      expect(m.employees.length).toBeGreaterThanOrEqual(1);
      expect(m.employees.length).toBeLessThanOrEqual(25);
      expect(m.contact_name).toBe(m.primary_contact.name);
      expect(m.contact_email).toBe(m.primary_contact.email);
      expect(Boolean(m.office_id)).toBe(Boolean(m.office_number));
    }
    // Each assigned company's office is LEASED to it.
    const offices = new Map((await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin })).body.map((o) => [o.id, o]));
    const assigned = res.body.filter((m) => m.office_id);
    expect(assigned.length).toBeGreaterThan(60);
    for (const m of assigned) {
      const office = offices.get(m.office_id!)!;
      expect(office).toMatchObject({ status: 'LEASED', member_id: m.id, tenant: m.company_name, location_id: m.location_id });
    }
  });

  it('filters by location; the manager sees only its two locations', async () => {
    const byName = await w.api<Member[]>('GET', '/api/members?location=Bushwick', { token: w.tokens.admin });
    expect(byName.body.length).toBeGreaterThan(0);
    expect(byName.body.every((m) => m.location_name === 'Bushwick')).toBe(true);
    const mine = await w.api<Member[]>('GET', '/api/members', { token: w.tokens.manager });
    expect(new Set(mine.body.map((m) => m.location_name))).toEqual(new Set(MANAGER_LOCATIONS));
    const elsewhere = await w.api('GET', '/api/members?location=Bushwick', { token: w.tokens.manager });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ message: "You don't have access to this location" });
    const all = await w.api<Member[]>('GET', '/api/members?location=All%20Locations', { token: w.tokens.manager });
    expect(all.body.length).toBe(mine.body.length);
  });

  it('reads one; 404 unknown; 403 manager elsewhere; 400 invalid id', async () => {
    const member = await w.newMember('Greenpoint');
    expect((await w.api('GET', `/api/members/${member.id}`, { token: w.tokens.viewer })).body).toEqual(member);
    expect((await w.api('GET', `/api/members/${randomUUID()}`, { token: w.tokens.admin })).body).toEqual({ message: 'Member not found' });
    expect((await w.api('GET', `/api/members/${member.id}`, { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('GET', '/api/members/42', { token: w.tokens.admin })).status).toBe(400);
  });
});

describe('POST /api/members', () => {
  it('creates a company with membership Standard by default; a manager at its own location', async () => {
    const res = await w.api<Member>('POST', '/api/members', {
      token: w.tokens.manager,
      body: { company_name: 'Lumen Labs', location_id: w.loc('60 Broad'), primary_contact: { name: 'Ivy', email: 'ivy@lumen.io' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company_name: 'Lumen Labs',
      location_name: '60 Broad',
      office_id: null,
      office_number: null,
      primary_contact: { name: 'Ivy', email: 'ivy@lumen.io', phone: null },
      contact_name: 'Ivy',
      contact_email: 'ivy@lumen.io',
      contact_phone: null,
      membership_type: 'Standard',
      employees: [],
      version: 1,
    });
  });

  it(`answers 400 '${REQUIRED}'`, async () => {
    const good = { company_name: 'X', location_id: w.loc('60 Broad'), primary_contact: { name: 'N', email: 'n@x.com' } };
    const bodies = [
      {},
      { ...good, company_name: '' },
      { ...good, location_id: undefined },
      { ...good, primary_contact: undefined },
      { ...good, primary_contact: { name: 'N' } },
      { ...good, primary_contact: { email: 'n@x.com' } },
    ];
    for (const body of bodies) {
      const res = await w.api('POST', '/api/members', { token: w.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields.map((f: { message: string }) => f.message), JSON.stringify(body)).toContain(REQUIRED);
    }
  });

  it('403 for the viewer and for a manager at another location; 400 for an unknown location', async () => {
    const before = await w.logHead();
    const body = (location_id: string) => ({ company_name: 'Nope', location_id, primary_contact: { name: 'N', email: 'n@x.com' } });
    expect((await w.api('POST', '/api/members', { token: w.tokens.viewer, body: body(w.loc('60 Broad')) })).status).toBe(403);
    expect((await w.api('POST', '/api/members', { token: w.tokens.manager, body: body(w.loc('Greenpoint')) })).status).toBe(403);
    const unknown = await w.api('POST', '/api/members', { token: w.tokens.admin, body: body(randomUUID()) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Location not found');
    expect(await w.logHead()).toBe(before);
  });
});

describe('PUT /api/members/:id', () => {
  it("edits the company; a rename updates its office's tenant and pushes the office row", async () => {
    const member = await w.newMember('55 Broadway', 'Old Name Inc');
    const office = await w.newOffice('55 Broadway');
    await assign(member.id, office.id);
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.manager });
    await socket.ready;
    const current = await w.getMember(member.id);
    const res = await w.api<Member>('PUT', `/api/members/${member.id}`, {
      token: w.tokens.manager,
      body: { ...current, company_name: 'New Name Inc', membership_type: 'Premium', version: current.version },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ company_name: 'New Name Inc', membership_type: 'Premium', office_id: office.id });
    expect((await w.getOffice(office.id)).tenant).toBe('New Name Inc');
    // The assignment, committed just before the socket connected, may still arrive first.
    const renamed = (m: (typeof socket.changes)[number]) =>
      m.event_type === 'MemberEdited' && m.changes.some((x) => x.entity === 'offices' && x.id === office.id);
    await socket.until((c) => c.some(renamed), 'the office row with the rename');
    const pushed = socket.changes.find(renamed)!;
    expect(pushed.changes).toContainEqual({ entity: 'members', id: member.id, row: res.body });
    const officeRow = pushed.changes.find((x) => x.entity === 'offices')!.row as Office;
    expect(officeRow.tenant).toBe('New Name Inc');
    socket.close();
  });

  it('409 stale; 404 unknown; 403 viewer, manager elsewhere, and a manager moving a company', async () => {
    const member = await w.newMember('60 Broad');
    await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { membership_type: 'Basic' } });
    const stale = await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { company_name: 'S', version: member.version } });
    expect(stale.status).toBe(409);
    expect((await w.api('PUT', `/api/members/${randomUUID()}`, { token: w.tokens.admin, body: { company_name: 'S' } })).body).toEqual({
      message: 'Member not found',
    });
    const elsewhere = await w.newMember('Center City');
    expect((await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.viewer, body: { company_name: 'V' } })).status).toBe(403);
    expect((await w.api('PUT', `/api/members/${elsewhere.id}`, { token: w.tokens.manager, body: { company_name: 'M' } })).status).toBe(403);
    const move = await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.manager, body: { location_id: w.loc('55 Broadway') } });
    expect(move.status).toBe(403);
    const moved = await w.api<Member>('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { location_id: w.loc('Greenpoint') } });
    expect(moved.body.location_name).toBe('Greenpoint');
  });

  it('refuses (409) moving a company that holds an office', async () => {
    const member = await w.newMember('Greenpoint');
    const office = await w.newOffice('Greenpoint');
    await assign(member.id, office.id);
    const res = await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { location_id: w.loc('Bushwick') } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Unassign the office before moving the member company to another location');
  });
});

describe('POST /api/members/:id/employees', () => {
  it("adds an employee; 400 'Name and email are required'; 404; 403", async () => {
    const member = await w.newMember('55 Broadway');
    const res = await w.api<Member>('POST', `/api/members/${member.id}/employees`, {
      token: w.tokens.manager,
      body: { name: 'Eli Moss', email: 'eli@x.com', role: 'Designer' },
    });
    expect(res.status).toBe(201);
    expect(res.body.employees).toEqual([{ id: expect.any(String), name: 'Eli Moss', email: 'eli@x.com', role: 'Designer' }]);
    for (const body of [{ name: 'Only' }, { email: 'only@x.com' }, {}]) {
      const bad = await w.api('POST', `/api/members/${member.id}/employees`, { token: w.tokens.admin, body });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.map((f: { message: string }) => f.message)).toContain('Name and email are required');
    }
    expect((await w.api('POST', `/api/members/${randomUUID()}/employees`, { token: w.tokens.admin, body: { name: 'a', email: 'a@x.com' } })).status).toBe(404);
    expect((await w.api('POST', `/api/members/${member.id}/employees`, { token: w.tokens.viewer, body: { name: 'a', email: 'a@x.com' } })).status).toBe(403);
    const elsewhere = await w.newMember('Bushwick');
    expect((await w.api('POST', `/api/members/${elsewhere.id}/employees`, { token: w.tokens.manager, body: { name: 'a', email: 'a@x.com' } })).status).toBe(403);
    const stale = await w.api('POST', `/api/members/${member.id}/employees`, { token: w.tokens.admin, body: { name: 'a', email: 'a@x.com', version: 1 } });
    expect(stale.status).toBe(409);
  });
});

describe('PATCH /api/members/:id/office', () => {
  it('assigning makes the office LEASED with the company as tenant; moving vacates the first; unassigning vacates', async () => {
    const member = await w.newMember('60 Broad', 'Movers LLC');
    const first = await w.newOffice('60 Broad');
    const second = await w.newOffice('60 Broad');
    const before = await w.logHead();
    const res = await assign(member.id, first.id, w.tokens.manager, member.version);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ office_id: first.id, office_number: first.office_number, version: member.version + 1 });
    expect(await w.logHead()).toBe(before + 2);
    expect(await w.getOffice(first.id)).toMatchObject({ status: 'LEASED', tenant: 'Movers LLC', member_id: member.id });

    const moved = await assign(member.id, second.id, w.tokens.manager);
    expect(moved.body).toMatchObject({ office_id: second.id, office_number: second.office_number });
    expect(await w.getOffice(first.id)).toMatchObject({ status: 'VACANT', tenant: null, member_id: null });
    expect(await w.getOffice(second.id)).toMatchObject({ status: 'LEASED', tenant: 'Movers LLC', member_id: member.id });
    // The three changes (member, old office, new office) share one transaction: one correlation id.
    const rows = await w.server.deps.sql<{ correlation: string }[]>`
      SELECT DISTINCT metadata->>'correlation_id' AS correlation FROM events WHERE position > ${before + 2}`;
    expect(rows).toHaveLength(1);

    const again = await assign(member.id, second.id);
    expect(again.status).toBe(200);

    const cleared = await w.api<Member>('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.manager, body: { office_id: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ office_id: null, office_number: null });
    expect(await w.getOffice(second.id)).toMatchObject({ status: 'VACANT', tenant: null, member_id: null });
    await assign(member.id, first.id);
    const nulled = await assign(member.id, null);
    expect(nulled.body.office_id).toBeNull();
    expect((await w.getOffice(first.id)).status).toBe('VACANT');
  });

  it('409 for an office another company holds, and nothing changes on either side', async () => {
    const holder = await w.newMember('Bushwick', 'Holder Co');
    const other = await w.newMember('Bushwick', 'Other Co');
    const office = await w.newOffice('Bushwick');
    const mine = await w.newOffice('Bushwick');
    await assign(holder.id, office.id);
    await assign(other.id, mine.id);
    const before = await w.logHead();
    const res = await assign(other.id, office.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Office is already assigned to another member company' });
    expect(await w.logHead()).toBe(before);
    expect((await w.getMember(other.id)).office_id).toBe(mine.id);
    expect(await w.getOffice(mine.id)).toMatchObject({ status: 'LEASED', member_id: other.id });
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: holder.id, tenant: 'Holder Co' });
  });

  it('400 for an office at another location; 404 unknown office or member; 409 stale; 400 bad id', async () => {
    const member = await w.newMember('Bushwick');
    const away = await w.newOffice('Greenpoint');
    const res = await assign(member.id, away.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Office must be at the member company's location" });
    expect((await assign(member.id, randomUUID())).body).toEqual({ message: 'Office not found' });
    expect((await assign(randomUUID(), away.id)).body).toEqual({ message: 'Member not found' });
    const office = await w.newOffice('Bushwick');
    await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { membership_type: 'Premium' } });
    expect((await assign(member.id, office.id, w.tokens.admin, member.version)).status).toBe(409);
    const bad = await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('office_id');
    expect((await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: {} })).status).toBe(400);
  });

  it('403 for the viewer and for a manager outside its locations', async () => {
    const member = await w.newMember('East Austin');
    const office = await w.newOffice('East Austin');
    const before = await w.logHead();
    expect((await assign(member.id, office.id, w.tokens.viewer)).status).toBe(403);
    expect((await assign(member.id, office.id, w.tokens.manager)).status).toBe(403);
    expect(await w.logHead()).toBe(before);
  });

  it('pushes the member and both offices to an allowed socket, nothing to a manager elsewhere', async () => {
    const member = await w.newMember('Market Street');
    const office = await w.newOffice('Market Street');
    await w.settled();
    const admin = listen(w.server.url, { token: w.tokens.admin });
    const manager = listen(w.server.url, { token: w.tokens.manager });
    await Promise.all([admin.ready, manager.ready]);
    await assign(member.id, office.id);
    await admin.until((c) => c.length >= 2, 'member and office changes');
    const entities = admin.changes.flatMap((m) => m.changes.map((c) => `${c.entity}:${c.id}`));
    expect(entities).toContain(`members:${member.id}`);
    expect(entities).toContain(`offices:${office.id}`);
    // A later change the manager may see proves it would have received the earlier ones by now.
    const own = await w.newOffice('55 Broadway');
    await manager.until((c) => c.some((m) => m.changes.some((x) => x.id === own.id)), "the manager's own office");
    const seen = manager.changes.flatMap((m) => m.changes.map((c) => c.id));
    expect(seen).not.toContain(member.id);
    expect(seen).not.toContain(office.id);
    admin.close();
    manager.close();
  });
});
