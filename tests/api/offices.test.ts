import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Office } from '@shared/schemas/offices';
import { listen } from '../support/sockets';
import { MANAGER_LOCATIONS, OFFICE_KEYS, officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

describe('GET /api/offices', () => {
  it('lists every seeded office for the admin in the Office shape, with location names', async () => {
    const res = await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(110);
    const names = new Set(w.locations.map((l) => l.name));
    for (const office of res.body) {
      expect(Object.keys(office).sort()).toEqual(OFFICE_KEYS);
      expect(names.has(office.location_name)).toBe(true);
      expect(office.market_rates).toEqual(office.marketed_rates);
      expect(office.lease_info.signed_rate).toBe(office.signed_rate);
    }
    const statuses = new Set(res.body.map((o) => o.status));
    expect(statuses.has('LEASED') && statuses.has('VACANT')).toBe(true);
    const leased = res.body.filter((o) => o.status === 'LEASED');
    expect(leased.every((o) => o.tenant && o.member_id)).toBe(true);
  });

  it('filters by location name or id; All Locations means no filter', async () => {
    const all = (await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin })).body;
    const byName = await w.api<Office[]>('GET', `/api/offices?location=${encodeURIComponent('East Austin')}`, { token: w.tokens.admin });
    expect(byName.status).toBe(200);
    expect(byName.body.length).toBeGreaterThan(0);
    expect(byName.body.every((o) => o.location_name === 'East Austin')).toBe(true);
    expect(byName.body.length).toBe(all.filter((o) => o.location_name === 'East Austin').length);
    const byId = await w.api<Office[]>('GET', `/api/offices?location=${w.loc('East Austin')}`, { token: w.tokens.admin });
    expect(byId.body.map((o) => o.id)).toEqual(byName.body.map((o) => o.id));
    const everything = await w.api<Office[]>('GET', `/api/offices?location=${encodeURIComponent('All Locations')}`, { token: w.tokens.admin });
    expect(everything.body.length).toBe(all.length);
    const unknown = await w.api<Office[]>('GET', '/api/offices?location=Atlantis', { token: w.tokens.admin });
    expect(unknown.body).toEqual([]);
  });

  it("lists only the manager's two locations, and refuses to list another", async () => {
    const res = await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(new Set(res.body.map((o) => o.location_name))).toEqual(new Set(MANAGER_LOCATIONS));
    const other = await w.api('GET', '/api/offices?location=Greenpoint', { token: w.tokens.manager });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: "You don't have access to this location" });
  });

  it('the viewer reads every office', async () => {
    const admin = await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin });
    const viewer = await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.viewer });
    expect(viewer.body.length).toBe(admin.body.length);
  });

  it('refuses an unknown query parameter and an anonymous caller', async () => {
    const res = await w.api('GET', '/api/offices?status=LEASED', { token: w.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'status', message: 'Unknown field' });
    expect((await w.api('GET', '/api/offices')).status).toBe(401);
  });
});

describe('GET /api/offices/:id', () => {
  it('reads one office; 404 unknown; 400 invalid id; 403 for a manager elsewhere', async () => {
    const office = await w.newOffice('Greenpoint');
    const res = await w.api<Office>('GET', `/api/offices/${office.id}`, { token: w.tokens.viewer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(office);
    expect((await w.api('GET', `/api/offices/${randomUUID()}`, { token: w.tokens.admin })).body).toEqual({ message: 'Office not found' });
    expect((await w.api('GET', '/api/offices/nope', { token: w.tokens.admin })).status).toBe(400);
    const denied = await w.api('GET', `/api/offices/${office.id}`, { token: w.tokens.manager });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: "You don't have access to this location" });
    const own = await w.newOffice('60 Broad');
    expect((await w.api('GET', `/api/offices/${own.id}`, { token: w.tokens.manager })).status).toBe(200);
  });
});

describe('POST /api/offices', () => {
  it('creates an office with the spec defaults (admin)', async () => {
    const before = await w.logHead();
    const res = await w.api<Office>('POST', '/api/offices', {
      token: w.tokens.admin,
      body: { office_number: 'A-100', location_id: w.loc('Bushwick') },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      office_number: 'A-100',
      location_id: w.loc('Bushwick'),
      location_name: 'Bushwick',
      type: 'Private Office',
      desks: 1,
      floor: 1,
      windowed: false,
      status: 'VACANT',
      tenant: null,
      member_id: null,
      signed_rate: null,
      marketed_rates: { monthly: 0, six_month: 0, twelve_month: 0 },
      lease_info: { term_months: null, start_date: null, end_date: null, signed_rate: null },
      contacts: [],
      version: 1,
    });
    expect(await w.logHead()).toBe(before + 1);
    expect((await w.api('GET', `/api/offices/${res.body.id}`, { token: w.tokens.admin })).body).toEqual(res.body);
  });

  it("answers 400 'Office number and location are required'", async () => {
    for (const body of [{}, { location_id: w.loc('Bushwick') }, { office_number: '  ', location_id: w.loc('Bushwick') }, { office_number: '1' }]) {
      const res = await w.api('POST', '/api/offices', { token: w.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields.map((f: { message: string }) => f.message)).toContain('Office number and location are required');
    }
  });

  it('refuses an unknown location (400) and a duplicate number at a location (409)', async () => {
    const unknown = await w.api('POST', '/api/offices', { token: w.tokens.admin, body: { office_number: 'X1', location_id: randomUUID() } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Location not found');
    const first = await w.api('POST', '/api/offices', { token: w.tokens.admin, body: { office_number: 'DUP-1', location_id: w.loc('Vinegar Hill') } });
    expect(first.status).toBe(201);
    const before = await w.logHead();
    const again = await w.api('POST', '/api/offices', { token: w.tokens.admin, body: { office_number: 'dup-1', location_id: w.loc('Vinegar Hill') } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'An office with this number already exists at this location',
      fields: [{ field: 'office_number', message: 'An office with this number already exists at this location' }],
    });
    expect(await w.logHead()).toBe(before);
  });

  it('is admin only: manager and viewer get 403 and nothing is appended', async () => {
    const before = await w.logHead();
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      const res = await w.api('POST', '/api/offices', { token, body: { office_number: 'M-1', location_id: w.loc('55 Broadway') } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Requires the admin role');
    }
    expect(await w.logHead()).toBe(before);
  });
});

describe('PUT /api/offices/:id', () => {
  it('sets rates and lease; the end date is start + term; read-only fields are ignored', async () => {
    const office = await w.newOffice('55 Broadway');
    const res = await w.api<Office>('PUT', `/api/offices/${office.id}`, {
      token: w.tokens.manager,
      body: {
        ...office,
        marketed_rates: { monthly: 2400, six_month: 2300, twelve_month: null },
        signed_rate: 2350,
        lease_info: { term_months: 12, start_date: '2025-03-01', end_date: '1999-01-01' },
        version: office.version,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      marketed_rates: { monthly: 2400, six_month: 2300, twelve_month: 0 },
      market_rates: { monthly: 2400, six_month: 2300, twelve_month: 0 },
      signed_rate: 2350,
      lease_info: { term_months: 12, start_date: '2025-03-01', end_date: '2026-03-01', signed_rate: 2350 },
      version: office.version + 2,
      status: 'VACANT',
    });
    expect(await w.getOffice(office.id)).toEqual(res.body);
  });

  it('a null term or start clears the end date; the profile may send market_rates and edit its fields', async () => {
    const office = await w.newOffice('Greenpoint');
    await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { term_months: 6, start_date: '2025-01-31' } } });
    const res = await w.api<Office>('PUT', `/api/offices/${office.id}`, {
      token: w.tokens.admin,
      body: { lease_info: { term_months: null }, market_rates: { monthly: 999 }, desks: 7, windowed: true, type: 'Team Office' },
    });
    expect(res.status).toBe(200);
    expect(res.body.lease_info).toEqual({ term_months: null, term_days: null, start_date: '2025-01-31', end_date: null, signed_rate: null });
    expect(res.body).toMatchObject({ desks: 7, windowed: true, type: 'Team Office', marketed_rates: { monthly: 999, six_month: 0, twelve_month: 0 } });
  });

  it('an edit that changes nothing appends nothing and answers the row', async () => {
    const office = await w.newOffice('Greenpoint');
    const before = await w.logHead();
    const res = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { desks: office.desks } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(office);
    expect(await w.logHead()).toBe(before);
  });

  it('answers 409 on a stale version, 404 unknown, 400 on bad fields', async () => {
    const office = await w.newOffice('Greenpoint');
    await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { desks: 3 } });
    const stale = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { desks: 4, version: office.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed this office \(.+\) since you opened it\. Reload to see the change\.$/);
    expect(stale.body.conflict.version).toBeGreaterThan(0);
    expect((await w.api('PUT', `/api/offices/${randomUUID()}`, { token: w.tokens.admin, body: { desks: 4 } })).body).toEqual({ message: 'Office not found' });
    const bad = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { desks: 'many', signed_rate: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['desks', 'signed_rate']);
  });

  it('refuses a lease start outside 1900-01-01..2100-12-31 with 400 naming the field, and stores nothing', async () => {
    const office = await w.newOffice('Greenpoint');
    const before = await w.logHead();
    for (const [start_date, term_months] of [['0000-01-01', 1], ['9999-12-31', 600], ['0050-01-15', 12], ['1899-12-31', 12], ['2101-01-01', 1]] as const) {
      const res = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { start_date, term_months } } });
      expect(res.status, `${start_date} ${res.text}`).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'lease_info.start_date', message: 'Lease start must be between 1900-01-01 and 2100-12-31' }]);
    }
    expect(await w.logHead()).toBe(before);
    expect(await w.getOffice(office.id)).toEqual(office);
  });

  it('accepts the first and last day of the range, with the longest term', async () => {
    const office = await w.newOffice('Greenpoint');
    const first = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { start_date: '1900-01-01', term_months: 600 } } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.lease_info).toMatchObject({ start_date: '1900-01-01', end_date: '1950-01-01', term_months: 600 });
    const last = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { lease_info: { start_date: '2100-12-31', term_months: 600 } } });
    expect(last.status, last.text).toBe(200);
    expect(last.body.lease_info).toMatchObject({ start_date: '2100-12-31', end_date: '2150-12-31', term_months: 600 });
  });

  it('refuses the viewer, and a manager outside its locations (403)', async () => {
    const elsewhere = await w.newOffice('Center City');
    const own = await w.newOffice('55 Broadway');
    const before = await w.logHead();
    for (const [token, id] of [[w.tokens.viewer, own.id], [w.tokens.manager, elsewhere.id]] as const) {
      const res = await w.api('PUT', `/api/offices/${id}`, { token, body: { desks: 9 } });
      expect(res.status).toBe(403);
    }
    expect(await w.logHead()).toBe(before);
  });

  it('moving an office to another location is admin only; its events reach both locations', async () => {
    const office = await w.newOffice('55 Broadway');
    const denied = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.manager, body: { location_id: w.loc('60 Broad') } });
    expect(denied.status).toBe(403);
    const unknown = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { location_id: randomUUID() } });
    expect(unknown.status).toBe(400);
    const moved = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { location_id: w.loc('Greenpoint') } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ location_id: w.loc('Greenpoint'), location_name: 'Greenpoint' });
    const [event] = await w.server.deps.sql<{ metadata: { scope: { locations: string[] } } }[]>`
      SELECT metadata FROM events WHERE stream_id = ${`office-${office.id}`} ORDER BY version DESC LIMIT 1`;
    expect([...event!.metadata.scope.locations].sort()).toEqual([w.loc('Greenpoint'), w.loc('55 Broadway')].sort());
    expect((await w.api('GET', `/api/offices/${office.id}`, { token: w.tokens.manager })).status).toBe(403);
  });
});

describe('PUT /api/offices/:id lease with term days', () => {
  it('ends the lease at start + months + days, the month end clamped first', async () => {
    const office = await w.newOffice('60 Broad');
    const res = await w.api<Office>('PUT', `/api/offices/${office.id}`, {
      token: w.tokens.admin,
      body: { lease_info: { start_date: '2025-01-31', term_months: 1, term_days: 1 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.lease_info).toMatchObject({ term_months: 1, term_days: 1, end_date: '2025-03-01' });
  });
});

describe('PATCH /api/offices/:id/status', () => {
  it('sets any status to any other', async () => {
    const office = await w.newOffice('60 Broad');
    let version = office.version;
    for (const status of ['PENDING', 'UNAVAILABLE', 'LEASED', 'VACANT']) {
      const res = await w.api<Office>('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.manager, body: { status, version } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe(status);
      version = res.body.version;
    }
  });

  it('refuses VACANT while a company has the office as its own: 409 naming it, nothing changed', async () => {
    const office = await w.newOffice('60 Broad');
    const member = await w.newMember('60 Broad', 'Held Office Inc');
    const assigned = await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } });
    expect(assigned.status, assigned.text).toBe(200);
    const refused = await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.manager, body: { status: 'VACANT' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Office ${office.office_number} is assigned to Held Office Inc: unassign the company before setting the office VACANT`);
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED' });
    expect((await w.getMember(member.id)).office_id).toBe(office.id);
    // After Unassign the office is VACANT, as the directory and the grid both say.
    await w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: null } });
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'VACANT' });
  });

  it('400 for an unknown status, 409 stale, 404 unknown, 403 viewer and manager elsewhere', async () => {
    const office = await w.newOffice('Market Street');
    const bad = await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'Maintenance' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toEqual({ field: 'status', message: 'Status must be one of LEASED, VACANT, PENDING, UNAVAILABLE' });
    await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'PENDING' } });
    const stale = await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'LEASED', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await w.api('PATCH', `/api/offices/${randomUUID()}/status`, { token: w.tokens.admin, body: { status: 'LEASED' } })).status).toBe(404);
    expect((await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.viewer, body: { status: 'LEASED' } })).status).toBe(403);
    expect((await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.manager, body: { status: 'LEASED' } })).status).toBe(403);
    expect((await w.getOffice(office.id)).status).toBe('PENDING');
  });
});

describe('office contacts', () => {
  it('adds contacts; a new primary demotes the previous one; removes a contact', async () => {
    const office = await w.newOffice('55 Broadway');
    const first = await w.api<Office>('POST', `/api/offices/${office.id}/contacts`, {
      token: w.tokens.manager,
      body: { name: 'Ana Reyes', email: 'ana@x.com', phone: '', role: 'CEO', is_primary: true },
    });
    expect(first.status).toBe(201);
    expect(first.body.contacts).toEqual([
      { id: expect.any(String), name: 'Ana Reyes', email: 'ana@x.com', phone: null, role: 'CEO', is_primary: true },
    ]);
    const second = await w.api<Office>('POST', `/api/offices/${office.id}/contacts`, {
      token: w.tokens.manager,
      body: { name: 'Bo Park', email: 'bo@x.com', is_primary: true, version: first.body.version },
    });
    expect(second.body.contacts.map((c) => [c.name, c.is_primary])).toEqual([['Ana Reyes', false], ['Bo Park', true]]);
    const removed = await w.api<Office>('DELETE', `/api/offices/${office.id}/contacts/${first.body.contacts[0]!.id}`, { token: w.tokens.manager });
    expect(removed.status).toBe(200);
    expect(removed.body.contacts.map((c) => c.name)).toEqual(['Bo Park']);
    expect((await w.getOffice(office.id)).contacts).toEqual(removed.body.contacts);
  });

  it("answers 400 'Name and email are required' and names a bad e-mail", async () => {
    const office = await w.newOffice('55 Broadway');
    for (const body of [{}, { name: 'X' }, { email: 'x@y.com' }, { name: ' ', email: 'x@y.com' }]) {
      const res = await w.api('POST', `/api/offices/${office.id}/contacts`, { token: w.tokens.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.fields.map((f: { message: string }) => f.message)).toContain('Name and email are required');
    }
    const email = await w.api('POST', `/api/offices/${office.id}/contacts`, { token: w.tokens.admin, body: { name: 'X', email: 'nope' } });
    expect(email.body.fields).toEqual([{ field: 'email', message: 'Enter a valid e-mail address' }]);
  });

  it("404 'Contact not found' and 'Office not found'; 409 stale; 403 viewer and manager elsewhere", async () => {
    const office = await w.newOffice('Bushwick');
    const contact = { name: 'C', email: 'c@x.com' };
    const missing = await w.api('DELETE', `/api/offices/${office.id}/contacts/${randomUUID()}`, { token: w.tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Contact not found' });
    const ghost = await w.api('POST', `/api/offices/${randomUUID()}/contacts`, { token: w.tokens.admin, body: contact });
    expect(ghost.body).toEqual({ message: 'Office not found' });
    const added = await w.api<Office>('POST', `/api/offices/${office.id}/contacts`, { token: w.tokens.admin, body: contact });
    const stale = await w.api('POST', `/api/offices/${office.id}/contacts`, { token: w.tokens.admin, body: { ...contact, version: office.version } });
    expect(stale.status).toBe(409);
    const staleDelete = await w.api('DELETE', `/api/offices/${office.id}/contacts/${added.body.contacts[0]!.id}?version=1`, { token: w.tokens.admin });
    expect(staleDelete.status).toBe(409);
    for (const token of [w.tokens.viewer, w.tokens.manager]) {
      expect((await w.api('POST', `/api/offices/${office.id}/contacts`, { token, body: contact })).status).toBe(403);
      expect((await w.api('DELETE', `/api/offices/${office.id}/contacts/${added.body.contacts[0]!.id}`, { token })).status).toBe(403);
    }
    expect((await w.getOffice(office.id)).contacts).toHaveLength(1);
  });
});

describe('live office rows', () => {
  it('pushes an office row to sockets allowed to see it, never to a manager of another location', async () => {
    const elsewhere = await w.newOffice('East Austin');
    const own = await w.newOffice('60 Broad');
    await w.settled();
    const admin = listen(w.server.url, { token: w.tokens.admin });
    const manager = listen(w.server.url, { token: w.tokens.manager });
    await Promise.all([admin.ready, manager.ready]);

    const a = await w.api<Office>('PATCH', `/api/offices/${elsewhere.id}/status`, { token: w.tokens.admin, body: { status: 'PENDING' } });
    const b = await w.api<Office>('PATCH', `/api/offices/${own.id}/status`, { token: w.tokens.admin, body: { status: 'UNAVAILABLE' } });
    await admin.until((c) => c.length >= 2, 'both changes on the admin socket');
    await manager.until((c) => c.length >= 1, "the manager's change");
    expect(admin.changes.map((m) => m.changes)).toEqual([
      [{ entity: 'offices', id: elsewhere.id, row: a.body }],
      [{ entity: 'offices', id: own.id, row: b.body }],
    ]);
    expect(admin.changes[0]!.event_type).toBe('OfficeStatusChanged');
    // Pushes arrive in log order: once the manager has the later change, it would have the earlier.
    expect(manager.changes.flatMap((m) => m.changes.map((c) => c.id))).toEqual([own.id]);
    admin.close();
    manager.close();
  });
});
