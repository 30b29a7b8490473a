import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../events/store/types';
import { ensureProjections, projections, rebuild } from '../../projections/registry';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
  // A little history beyond the seed: a new location and several edits.
  const created = await server.api('POST', '/api/locations', {
    token,
    body: { name: 'Fishtown', city: 'Philadelphia', address: '1 Frankford Ave, Philadelphia, PA', manager: 'Rae Kim', floors: [1] },
  });
  expect(created.status).toBe(201);
  for (const change of [{ manager: 'Ola Berg' }, { floors: [1, 2, 3] }, { name: 'Fishtown Works' }]) {
    const res = await server.api('PUT', `/api/locations/${created.body.id}`, { token, body: change });
    expect(res.status).toBe(200);
  }
});
afterAll(async () => {
  await server.stop();
});

/** Every row of every table every projection owns, in a stable order. */
async function snapshot(sql: Pool) {
  const tables: Record<string, unknown[]> = {};
  for (const projection of projections) {
    for (const table of projection.tables) {
      tables[table] = await sql.unsafe(`SELECT * FROM ${table} ORDER BY id`);
    }
  }
  return tables;
}

describe('rebuild', () => {
  it('gives exactly the rows the live projections built, for every read model', async () => {
    const { sql } = server.deps;
    const live = await snapshot(sql);
    expect(live.locations).toHaveLength(9);
    expect(live.users).toHaveLength(3);
    const replayed = await rebuild(sql);
    expect(replayed).toBeGreaterThan(12);
    expect(await snapshot(sql)).toEqual(live);
  });

  it('rebuilds a read model whose schema version changed, at start-up', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    await sql`UPDATE projection_versions SET version = 0 WHERE name = 'locations'`;
    await sql`DELETE FROM locations`;
    expect(await ensureProjections(sql)).toEqual(['locations']);
    expect(await snapshot(sql)).toEqual(before);
    expect(await ensureProjections(sql)).toEqual([]);
  });
});
