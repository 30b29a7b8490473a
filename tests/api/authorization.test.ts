import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS } from '../../server/seed/demoData';
import type { Location } from '@shared/schemas/locations';
import { demoCredentials, signIn, startTestServer, type Api, type TestServer } from '../support/server';

/**
 * Roles and access (RESOLUTIONS.md): admin does everything everywhere; the demo manager is
 * limited to '55 Broadway' and '60 Broad' and may not create or edit locations (admin only);
 * the viewer sees every location and changes nothing. Refusals append nothing to the log.
 */

let server: TestServer;
let api: Api;
const tokens = { admin: '', manager: '', viewer: '' };
let managerLocations: string[];
/** Location id by name, as the admin sees them after seeding. */
const idOf = new Map<string, string>();

const MANAGER_NAMES = ['55 Broadway', '60 Broad'];
const ALL_NAMES = DEMO_LOCATIONS.map((l) => l.name);

async function logHead(): Promise<number> {
  const [row] = await server.deps.sql<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
  return row?.position ?? 0;
}

const id = (name: string) => {
  const found = idOf.get(name);
  if (!found) throw new Error(`no location named ${name}`);
  return found;
};

const newLocation = (name: string) => ({
  name,
  city: 'Chicago',
  address: `${name}, 1 Test Plaza, Chicago, IL 60601`,
  manager: 'Robin Tester',
  floors: [1, 2],
});

beforeAll(async () => {
  server = await startTestServer();
  api = server.api;
  const [admin, manager, viewer] = await Promise.all([
    signIn(api, demoCredentials.admin),
    signIn(api, demoCredentials.manager),
    signIn(api, demoCredentials.viewer),
  ]);
  tokens.admin = admin.access_token;
  tokens.manager = manager.access_token;
  tokens.viewer = viewer.access_token;
  managerLocations = manager.user.locations;
  expect([admin.user.role, manager.user.role, viewer.user.role]).toEqual(['admin', 'manager', 'viewer']);
  const list = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
  for (const l of list.body) idOf.set(l.name, l.id);
});

afterAll(async () => {
  await server?.stop();
});

describe('admin', () => {
  it('lists all eight locations', async () => {
    const res = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    expect(res.body.map((l) => l.name).sort()).toEqual([...ALL_NAMES].sort());
  });

  it('reads any location', async () => {
    for (const name of ALL_NAMES) {
      const res = await api<Location>('GET', `/api/locations/${id(name)}`, { token: tokens.admin });
      expect(res.status, name).toBe(200);
      expect(res.body.id).toBe(id(name));
      expect(res.body.name).toBe(name);
    }
  });

  it('creates a location, and the next GET shows it', async () => {
    const before = await logHead();
    const input = newLocation('Loop Tower');
    const res = await api<Location>('POST', '/api/locations', { token: tokens.admin, body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...input, version: 1 });
    expect(await logHead()).toBe(before + 1);

    const read = await api<Location>('GET', `/api/locations/${res.body.id}`, { token: tokens.admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const list = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
    expect(list.body.map((l) => l.id)).toContain(res.body.id);
  });

  it('updates a location, and the next GET shows the change', async () => {
    const target = id('Bushwick');
    const current = await api<Location>('GET', `/api/locations/${target}`, { token: tokens.admin });
    const before = await logHead();
    const res = await api<Location>('PUT', `/api/locations/${target}`, {
      token: tokens.admin,
      body: { manager: 'Nadia Brooks', floors: [2, 3, 4], version: current.body.version },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target, name: 'Bushwick', manager: 'Nadia Brooks', floors: [2, 3, 4] });
    expect(res.body.version).toBe(current.body.version + 1);
    expect(await logHead()).toBe(before + 1);

    const read = await api<Location>('GET', `/api/locations/${target}`, { token: tokens.admin });
    expect(read.body).toEqual(res.body);
  });

  it('takes back the location object GET returned: read-only fields are ignored, unknown ones named', async () => {
    const target = id('Greenpoint');
    const current = (await api<Location>('GET', `/api/locations/${target}`, { token: tokens.admin })).body;
    const res = await api<Location>('PUT', `/api/locations/${target}`, {
      token: tokens.admin,
      body: { ...current, manager: 'Ines Ortega', created_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...current, manager: 'Ines Ortega', version: current.version + 1, updated_at: res.body.updated_at });
    expect(res.body.created_at).toBe(current.created_at);

    const before = await logHead();
    const unknown = await api('PUT', `/api/locations/${target}`, { token: tokens.admin, body: { ...res.body, colour: 'red', office_count: 3 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      { field: 'colour', message: 'Unknown field' },
      { field: 'office_count', message: 'Unknown field' },
    ]);
    expect(await logHead()).toBe(before);
  });
});

describe('manager limited to two locations', () => {
  it('signs in with exactly its two locations', () => {
    expect([...managerLocations].sort()).toEqual(MANAGER_NAMES.map(id).sort());
  });

  it('lists exactly its two locations, and not one created later', async () => {
    const created = await api<Location>('POST', '/api/locations', {
      token: tokens.admin,
      body: newLocation('Manager Cannot See'),
    });
    expect(created.status).toBe(201);

    const res = await api<Location[]>('GET', '/api/locations', { token: tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.map((l) => l.name)).toEqual(MANAGER_NAMES);
    expect(res.body.map((l) => l.id).sort()).toEqual(MANAGER_NAMES.map(id).sort());
    const ids = new Set(res.body.map((l) => l.id));
    for (const other of ALL_NAMES.filter((n) => !MANAGER_NAMES.includes(n))) expect(ids.has(id(other)), other).toBe(false);
    expect(ids.has(created.body.id)).toBe(false);
  });

  it('reads its own locations', async () => {
    for (const name of MANAGER_NAMES) {
      const res = await api<Location>('GET', `/api/locations/${id(name)}`, { token: tokens.manager });
      expect(res.status, name).toBe(200);
      expect(res.body.name).toBe(name);
    }
  });

  it('reads its own location whatever the letter case of the id', async () => {
    const res = await api<Location>('GET', `/api/locations/${id(MANAGER_NAMES[0]!).toUpperCase()}`, { token: tokens.manager });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id(MANAGER_NAMES[0]!));
  });

  it('is refused (403) reading any other location', async () => {
    for (const name of ALL_NAMES.filter((n) => !MANAGER_NAMES.includes(n))) {
      const res = await api('GET', `/api/locations/${id(name)}`, { token: tokens.manager });
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ message: "You don't have access to this location" });
      expect(res.text).not.toContain(name);
    }
  });

  it('is refused (403) creating or updating locations, even its own, and nothing is appended', async () => {
    const before = await logHead();
    const created = await api('POST', '/api/locations', { token: tokens.manager, body: newLocation('Manager Made') });
    expect(created.status).toBe(403);
    expect(created.body).toEqual({ message: 'Requires the admin role' });
    for (const name of ['55 Broadway', 'Greenpoint']) {
      const res = await api('PUT', `/api/locations/${id(name)}`, { token: tokens.manager, body: { manager: 'Someone Else' } });
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ message: 'Requires the admin role' });
    }
    expect(await logHead()).toBe(before);

    const own = await api<Location>('GET', `/api/locations/${id('55 Broadway')}`, { token: tokens.manager });
    expect(own.body.manager).toBe('Maya Chen');
    const all = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
    expect(all.body.map((l) => l.name)).not.toContain('Manager Made');
  });
});

describe('viewer, read-only everywhere', () => {
  it('lists and reads every location', async () => {
    const admin = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
    const res = await api<Location[]>('GET', '/api/locations', { token: tokens.viewer });
    expect(res.status).toBe(200);
    expect(res.body.map((l) => l.id).sort()).toEqual(admin.body.map((l) => l.id).sort());
    expect(res.body.length).toBeGreaterThanOrEqual(8);
    const one = await api<Location>('GET', `/api/locations/${id('East Austin')}`, { token: tokens.viewer });
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('East Austin');
  });

  it('is refused (403) creating a location, and nothing is appended', async () => {
    const before = await logHead();
    const res = await api('POST', '/api/locations', { token: tokens.viewer, body: newLocation('Viewer Made') });
    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await logHead()).toBe(before);
    const all = await api<Location[]>('GET', '/api/locations', { token: tokens.admin });
    expect(all.body.map((l) => l.name)).not.toContain('Viewer Made');
  });

  it('is refused (403) updating a location, and nothing changes', async () => {
    const target = id('Center City');
    const current = await api<Location>('GET', `/api/locations/${target}`, { token: tokens.admin });
    const before = await logHead();
    const res = await api('PUT', `/api/locations/${target}`, {
      token: tokens.viewer,
      body: { name: 'Viewer Renamed', version: current.body.version },
    });
    expect(res.status).toBe(403);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await logHead()).toBe(before);
    const after = await api<Location>('GET', `/api/locations/${target}`, { token: tokens.admin });
    expect(after.body).toEqual(current.body);
  });
});

describe('unauthenticated', () => {
  const anyId = () => id('60 Broad');
  const protectedCalls: [string, () => string, unknown?][] = [
    ['GET', () => '/api/auth/me'],
    ['GET', () => '/api/locations'],
    ['GET', () => `/api/locations/${anyId()}`],
    ['GET', () => `/api/locations/${randomUUID()}`],
    ['GET', () => '/api/locations/not-a-uuid'],
    ['POST', () => '/api/locations', newLocation('Anonymous')],
    ['PUT', () => `/api/locations/${anyId()}`, { name: 'Anonymous' }],
  ];

  it('is refused with 401 Unauthorized on every protected route, before any validation', async () => {
    const before = await logHead();
    for (const [method, path, body] of protectedCalls) {
      const res = await api(method, path(), { body });
      expect(res.status, `${method} ${path()}`).toBe(401);
      expect(res.body, `${method} ${path()}`).toEqual({ message: 'Unauthorized' });
    }
    expect(await logHead()).toBe(before);
  });

  it('is refused with 401 for a tampered, foreign or non-bearer token', async () => {
    const [header, payload] = tokens.admin.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const candidates = [
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${tokens.admin}x` },
      { authorization: `Basic ${Buffer.from('admin@flexspace.demo:flexspace-demo').toString('base64')}` },
      { authorization: tokens.admin },
    ];
    for (const headers of candidates) {
      for (const [method, path, body] of protectedCalls) {
        const res = await api(method, path(), { headers, body });
        expect(res.status, `${method} ${path()} ${headers.authorization.slice(0, 12)}`).toBe(401);
        expect(res.body).toEqual({ message: 'Unauthorized' });
      }
    }
  });

  it('is refused with 401 on unknown /api paths and unsupported methods too; a signed-in caller gets 404 or 405', async () => {
    const unmatched: [string, string, number][] = [
      ['GET', '/api/no-such-route', 404],
      ['GET', '/api', 404],
      ['POST', '/api/offices/a/b/c', 404],
      ['DELETE', '/api/locations', 405],
      ['POST', '/api/config', 405],
      ['GET', '/api/auth/login', 405],
    ];
    for (const [method, path, status] of unmatched) {
      const anonymous = await api(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Unauthorized' });
      const forged = await api(method, path, { headers: { authorization: `Bearer ${tokens.admin}x` } });
      expect(forged.status, `${method} ${path}`).toBe(401);
      for (const token of [tokens.admin, tokens.viewer]) {
        const signedIn = await api(method, path, { token });
        expect(signedIn.status, `${method} ${path} ${signedIn.text}`).toBe(status);
        if (status === 404) expect(signedIn.body).toEqual({ message: 'Not found' });
        else expect(signedIn.headers.get('allow'), `${method} ${path}`).toBeTruthy();
      }
    }
  });

  it('the same calls succeed with the admin token (the 401s are about the token)', async () => {
    const me = await api('GET', '/api/auth/me', { token: tokens.admin });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(demoCredentials.admin.email);
    const res = await api('GET', `/api/locations/${anyId()}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(res.status).toBe(200);
  });
});
