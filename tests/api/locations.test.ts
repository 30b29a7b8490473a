import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/locations';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

/**
 * PUT /api/locations/{id} from the Settings screen's side: an administrator's edit of a location
 * reaches every row and every screen that names it. (Who may edit, and malformed bodies, are in
 * authorization.test.ts and bad-input.auth-locations.test.ts.)
 */

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const put = (id: string, body: unknown, token = w.tokens.admin) => w.api<Location & { message: string; fields?: unknown }>('PUT', `/api/locations/${id}`, { token, body });

describe('PUT /api/locations/{id}', () => {
  it('changes name, address, manager, floors and city together, and a repeat changes nothing', async () => {
    const id = w.loc('East Austin');
    const before = (await w.api<Location>('GET', `/api/locations/${id}`, { token: w.tokens.admin })).body;
    const edit = { name: 'East Austin Yard', address: '2400 East Cesar Chavez Street, Austin, TX 78702', manager: 'Rosa Diaz', floors: [1, 2, 3, 4], city: 'Austin' };
    const res = await put(id, { ...before, ...edit });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...edit, version: before.version + 1 });
    const again = await put(id, { ...res.body });
    expect(again.body.version).toBe(res.body.version);
    const restored = await put(id, { name: before.name, address: before.address, manager: before.manager, floors: before.floors, version: res.body.version });
    expect(restored.status).toBe(200);
  });

  it('refuses the name of another location (409 naming the field) and a stale version', async () => {
    const id = w.loc('Bushwick');
    const taken = await put(id, { name: 'greenpoint' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'A location with this name already exists', fields: [{ field: 'name', message: 'A location with this name already exists' }] });
    const current = (await w.api<Location>('GET', `/api/locations/${id}`, { token: w.tokens.admin })).body;
    const stale = await put(id, { manager: 'Someone', version: current.version + 5 });
    expect(stale.status).toBe(409);
  });

  it('renames the location on every row that names it, in GET answers and on the sockets at once', async () => {
    const id = w.loc('55 Broadway');
    await w.settled();
    const managerSocket = listen(w.server.url, { token: w.tokens.manager });
    await managerSocket.ready;
    const res = await put(id, { name: '55 Broadway Tower' });
    expect(res.status).toBe(200);
    await managerSocket.until((c) => c.some((m) => m.event_type === 'LocationUpdated'), 'the rename');
    const pushed = managerSocket.changes.find((m) => m.event_type === 'LocationUpdated')!.changes;
    expect(pushed.find((c) => c.entity === 'locations')!.row).toMatchObject({ id, name: '55 Broadway Tower' });
    for (const entity of ['offices', 'members', 'deals', 'tasks'] as const) {
      const rows = (await w.api<{ location_id: string; location_name: string; id: string }[]>('GET', `/api/${entity}?location=${id}`, { token: w.tokens.manager })).body;
      expect(rows.length, entity).toBeGreaterThan(0);
      for (const row of rows) expect(row.location_name, entity).toBe('55 Broadway Tower');
      // Each of them reached the socket with the new name too.
      const sent = new Map(pushed.filter((c) => c.entity === entity).map((c) => [c.id, (c.row as { location_name: string }).location_name]));
      for (const row of rows) expect(sent.get(row.id), `${entity} ${row.id}`).toBe('55 Broadway Tower');
    }
    // Lists filtered by the location's name follow the new name.
    expect((await w.api('GET', '/api/offices?location=55%20Broadway%20Tower', { token: w.tokens.admin })).body.length).toBeGreaterThan(0);
    managerSocket.close();
    expect((await put(id, { name: '55 Broadway' })).status).toBe(200);
  });
});
