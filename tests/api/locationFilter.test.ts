import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { DealStats } from '@shared/schemas/deals';
import { MANAGER_LOCATIONS, officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const REFUSED = { message: "You don't have access to this location" };

/** Every list whose rows carry a location, filtered by `?location=`. */
const LISTS = ['/api/offices', '/api/members', '/api/tasks', '/api/deals'] as const;
/** The figures and dashboards that take the same filter. */
const FIGURES = ['/api/deals/stats', '/api/dashboard'] as const;

const get = <T = unknown>(path: string, location: string, token: string) =>
  w.api<T>('GET', `${path}?location=${encodeURIComponent(location)}`, { token });

describe('a location filter outside what the caller may see', () => {
  it('is refused with 403 on every list, figure and dashboard, by name, any case, or id', async () => {
    // Given a manager of 55 Broadway and 60 Broad, when it asks for Bushwick by any spelling,
    for (const location of ['Bushwick', 'bushwick', w.loc('Bushwick'), w.loc('Bushwick').toUpperCase()]) {
      for (const path of [...LISTS, ...FIGURES, '/api/reports/occupancy', '/api/reports/term-analysis']) {
        const res = await get(path, location, w.tokens.manager);
        // then it is told why, not shown an empty building.
        expect(res.status, `${path} ${location}`).toBe(403);
        expect(res.body, `${path} ${location}`).toEqual(REFUSED);
      }
    }
  });

  it('is answered for the locations the caller does see, and for an admin everywhere', async () => {
    for (const path of LISTS) {
      const own = await get<{ location_name: string }[]>(path, '60 Broad', w.tokens.manager);
      expect(own.status, path).toBe(200);
      expect(own.body.length, path).toBeGreaterThan(0);
      expect(new Set(own.body.map((r) => r.location_name)), path).toEqual(new Set(['60 Broad']));
      const admin = await get<unknown[]>(path, 'Bushwick', w.tokens.admin);
      expect(admin.status, path).toBe(200);
      expect(admin.body.length, path).toBeGreaterThan(0);
    }
    for (const path of FIGURES) {
      expect((await get(path, '60 Broad', w.tokens.manager)).status, path).toBe(200);
      expect((await get(path, 'Bushwick', w.tokens.admin)).status, path).toBe(200);
    }
  });
});

describe('a location filter naming every location', () => {
  it("('All Locations' or empty) answers every location the caller may see", async () => {
    for (const path of LISTS) {
      const plain = await w.api<{ id: string; location_name: string }[]>('GET', path, { token: w.tokens.manager });
      expect(new Set(plain.body.map((r) => r.location_name)), path).toEqual(new Set(MANAGER_LOCATIONS));
      for (const location of ['All Locations', '', '  ']) {
        const res = await get<{ id: string }[]>(path, location, w.tokens.manager);
        expect(res.status, `${path} '${location}'`).toBe(200);
        expect(res.body.map((r) => r.id), `${path} '${location}'`).toEqual(plain.body.map((r) => r.id));
      }
    }
    const stats = await get<DealStats>('/api/deals/stats', 'All Locations', w.tokens.manager);
    expect(stats.body.total_deals).toBe((await w.api<unknown[]>('GET', '/api/deals', { token: w.tokens.manager })).body.length);
    const dashboard = await get<Dashboard>('/api/dashboard', 'All Locations', w.tokens.manager);
    expect(dashboard.body.locations.map((l) => l.name)).toEqual(MANAGER_LOCATIONS);
  });
});

describe('a location filter naming no location', () => {
  it('answers an empty list, and figures of nothing, to anyone', async () => {
    for (const location of ['Atlantis', randomUUID()]) {
      for (const token of [w.tokens.manager, w.tokens.admin]) {
        for (const path of LISTS) {
          const res = await get(path, location, token);
          expect(res.status, `${path} ${location}`).toBe(200);
          expect(res.body, `${path} ${location}`).toEqual([]);
        }
        const stats = await get<DealStats>('/api/deals/stats', location, token);
        expect(stats.status).toBe(200);
        expect(stats.body).toMatchObject({ total_deals: 0, total_value: 0, stale: [] });
        const dashboard = await get<Dashboard>('/api/dashboard', location, token);
        expect(dashboard.status).toBe(200);
        expect(dashboard.body).toMatchObject({ totalOffices: 0, memberCompanies: 0, openTasks: 0, recentActivity: [], upcomingTasks: [] });
      }
    }
  });
});
