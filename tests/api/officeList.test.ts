import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOffices } from '../../projections/offices/queries';
import type { Actor } from '@shared/domain/access';
import type { Office } from '@shared/schemas/offices';
import { officeWorld } from './officeHelpers';

/**
 * GET /api/offices is served from an in-memory copy that follows the log. It must give exactly
 * what the database query gives, for every role and filter, and read its own writes.
 */
let world: Awaited<ReturnType<typeof officeWorld>>;
beforeAll(async () => {
  world = await officeWorld();
});
afterAll(async () => {
  await world.server.stop();
});

async function expectSameAsDatabase(actors: Actor[]) {
  const { sql, officeList } = world.server.deps;
  const filters = [undefined, '', 'All Locations', '55 Broadway', '60 broad', world.loc('Greenpoint'), world.loc('Bushwick').toUpperCase(), 'Nowhere'];
  for (const actor of actors) {
    for (const filter of filters) {
      const fromMemory = JSON.parse(await officeList.json(actor, filter)) as Office[];
      const fromDatabase = await listOffices(sql, actor, filter);
      expect(fromMemory, `${actor.role} ${filter}`).toEqual(fromDatabase);
    }
  }
}

describe('office list served from memory', () => {
  it('gives the database query’s rows and order for every role and filter', async () => {
    const { users } = world;
    await expectSameAsDatabase([users.admin.user, users.manager.user, users.viewer.user] as Actor[]);
  });

  it('reads its own writes over HTTP, immediately', async () => {
    const { api, tokens } = world;
    const office = await world.newOffice('55 Broadway');
    for (const status of ['PENDING', 'UNAVAILABLE', 'LEASED', 'VACANT'] as const) {
      const changed = await api('PATCH', `/api/offices/${office.id}/status`, { token: tokens.manager, body: { status } });
      expect(changed.status).toBe(200);
      const list = await api<Office[]>('GET', '/api/offices', { token: tokens.manager });
      expect(list.body.find((o) => o.id === office.id)?.status).toBe(status);
    }
  });

  it('follows renames of member companies and locations into the rows it serves', async () => {
    const { api, tokens, users } = world;
    const office = await world.newOffice('Greenpoint');
    const member = await world.newMember('Greenpoint');
    expect((await api('PATCH', `/api/members/${member.id}/office`, { token: tokens.admin, body: { office_id: office.id } })).status).toBe(200);
    expect((await api('PUT', `/api/members/${member.id}`, { token: tokens.admin, body: { company_name: 'Renamed Holdings' } })).status).toBe(200);
    expect((await api('PUT', `/api/locations/${world.loc('Greenpoint')}`, { token: tokens.admin, body: { name: 'Greenpoint North' } })).status).toBe(200);
    const list = await api<Office[]>('GET', '/api/offices', { token: tokens.admin });
    const row = list.body.find((o) => o.id === office.id)!;
    expect(row.tenant).toBe('Renamed Holdings');
    expect(row.location_name).toBe('Greenpoint North');
    await expectSameAsDatabase([users.admin.user, users.manager.user] as Actor[]);
    expect((await api('PUT', `/api/locations/${world.loc('Greenpoint')}`, { token: tokens.admin, body: { name: 'Greenpoint' } })).status).toBe(200);
  });
});
