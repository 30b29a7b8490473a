import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let token: string;
let adminName: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signIn(server.api, demoCredentials.admin);
  token = admin.access_token;
  adminName = (admin.user as unknown as { name: string }).name;
});
afterAll(async () => {
  await server.stop();
});

describe('optimistic concurrency over HTTP', () => {
  it('lets one of 50 concurrent edits made from the same version win; the rest get 409', async () => {
    const [location] = (await server.api('GET', '/api/locations', { token })).body;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.api('PUT', `/api/locations/${location.id}`, {
          token,
          body: { manager: `Manager ${i}`, version: location.version },
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    // Each refusal names who changed the row, what, and the version to reload to.
    for (const r of losers) {
      expect(r.body.message).toBe(`${adminName} changed this location (manager) since you opened it. Reload to see the change.`);
      expect(r.body.conflict).toMatchObject({ by: adminName, fields: ['manager'], version: location.version + 1 });
    }
    const after = (await server.api('GET', `/api/locations/${location.id}`, { token })).body;
    expect(after.version).toBe(location.version + 1);
    expect(after.manager).toBe(winners[0]!.body.manager);
    const [row] = await server.deps.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${`location-${location.id}`}`;
    expect(row?.n).toBe(location.version + 1);
  });

  it('applies 50 concurrent office edits without a version, each to the latest state: none refused', async () => {
    const [office] = (await server.api('GET', '/api/offices', { token })).body;
    // 50 floors other than the office's own: an edit to the floor it already has would append nothing.
    const floors = Array.from({ length: 51 }, (_, i) => i + 1).filter((floor) => floor !== office.floor).slice(0, 50);
    const results = await Promise.all(
      floors.map((floor) => server.api('PUT', `/api/offices/${office.id}`, { token, body: { floor } })),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    const after = (await server.api('GET', `/api/offices/${office.id}`, { token })).body;
    expect(after.version).toBe(office.version + 50);
  });

  it('applies concurrent edits without a version one after another, losing none', async () => {
    const [, location] = (await server.api('GET', '/api/locations', { token })).body;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.api('PUT', `/api/locations/${location.id}`, { token, body: { floors: [i + 100] } }),
      ),
    );
    // Without a version each edit applies to the latest state; a lost race is retried.
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = (await server.api('GET', `/api/locations/${location.id}`, { token })).body;
    expect(after.version).toBe(location.version + 10);
    const versions = results.map((r) => r.body.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 10 }, (_, i) => location.version + i + 1));
  });
});
