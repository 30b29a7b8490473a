import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headPosition } from '../../events/store/append';
import type { ClosingMessage } from '@shared/realtime';
import type { User } from '@shared/schemas/auth';
import type { ErrorBody } from '@shared/schemas/common';
import { listen, type Listener } from '../support/sockets';
import { signIn } from '../support/server';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const USER_KEYS = ['id', 'name', 'email', 'role', 'locations', 'primary_location', 'version', 'created_at', 'updated_at'].sort();
const PASSWORD = 'a-long-enough-password';
let counter = 0;

type Answer = User & ErrorBody;
const as = (token: string) => ({
  list: (query = '') => w.api<User[] & ErrorBody>('GET', `/api/users${query}`, { token }),
  get: (id: string) => w.api<Answer>('GET', `/api/users/${id}`, { token }),
  create: (body: unknown) => w.api<Answer>('POST', '/api/users', { token, body }),
  update: (id: string, body: unknown) => w.api<Answer>('PUT', `/api/users/${id}`, { token, body }),
  remove: (id: string, body?: unknown) => w.api<ErrorBody>('DELETE', `/api/users/${id}`, { token, body }),
});
const admin = () => as(w.tokens.admin);

/** A fresh user, made by the admin; answers the row and a signed-in token. */
async function newUser(extra: Record<string, unknown> = {}) {
  counter += 1;
  const email = `person${counter}.${Date.now() % 100000}@example.com`;
  const res = await admin().create({ name: `Person ${counter}`, email, password: PASSWORD, ...extra });
  expect(res.status, res.text).toBe(201);
  const { access_token: token } = await signIn(w.api, { email, password: PASSWORD });
  return { user: res.body, token, email };
}

/** Waits until the gateway has pushed everything committed so far. */
const settled = async () => w.server.gateway.waitFor(await headPosition(w.server.deps.sql));

describe('GET /api/users', () => {
  it('lists every user by name for an administrator, in the public shape: never a password or its hash', async () => {
    const res = await admin().list();
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@flexspace.demo', 'manager@flexspace.demo', 'viewer@flexspace.demo']));
    for (const user of res.body) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    const names = res.body.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(res.text).not.toMatch(/argon2|password/i);
  });

  it('filters by role and by a part of the name or e-mail', async () => {
    const { user } = await newUser({ name: 'Quentin 100%_Filter', role: 'manager' });
    const managers = (await admin().list('?role=manager')).body;
    expect(managers.every((u) => u.role === 'manager')).toBe(true);
    expect(managers.map((u) => u.id)).toContain(user.id);
    expect((await admin().list('?q=100%25_f')).body.map((u) => u.id)).toEqual([user.id]);
    // % and _ are plain characters, not wildcards.
    expect((await admin().list('?q=100_')).body).toEqual([]);
    expect((await admin().list('?q=FLEXSPACE.DEMO')).body).toHaveLength(3);
    expect((await admin().list('?role=')).body.length).toBe((await admin().list()).body.length);
    const bad = await admin().list('?role=owner');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'role', message: 'Role must be one of viewer, manager, admin' }]);
  });

  it('is for administrators only: managers and viewers 403, no token 401', async () => {
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      const res = await as(token).list();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Requires the admin role' });
    }
    expect((await w.api('GET', '/api/users')).status).toBe(401);
  });
});

describe('the API description', () => {
  it('documents every user route with its body', async () => {
    const doc = (await w.api('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/users']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/users/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    const create = doc.paths['/api/users'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(create.properties.role.enum).toEqual(['viewer', 'manager', 'admin']);
  });
});

describe('GET /api/users/{id}', () => {
  it('answers any user to an administrator, and their own account to everyone else', async () => {
    const { manager, viewer } = w.users;
    expect((await admin().get(manager.user.id)).body).toMatchObject({ id: manager.user.id, email: 'manager@flexspace.demo' });
    const own = await as(w.tokens.viewer).get(viewer.user.id);
    expect(own.status).toBe(200);
    expect(Object.keys(own.body).sort()).toEqual(USER_KEYS);
    const other = await as(w.tokens.viewer).get(manager.user.id);
    expect(other.status).toBe(403);
    expect((await admin().get(randomUUID())).body).toEqual({ message: 'User not found' });
  });
});

describe('POST /api/users', () => {
  it('creates a viewer of every location by default, who can sign in at once', async () => {
    const email = `new.${Date.now()}@example.com`;
    const res = await admin().create({ name: '  Riley Park ', email: `  ${email.toUpperCase()}`, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toMatchObject({ name: 'Riley Park', email, role: 'viewer', locations: [], primary_location: 'All Locations', version: 1 });
    expect(res.text).not.toMatch(/argon2|password/i);
    const signedIn = await signIn(w.api, { email, password: PASSWORD });
    expect(signedIn.user).toMatchObject({ id: res.body.id, role: 'viewer' });
    // The log holds only the hash, never the password.
    const [event] = await w.server.deps.sql<{ data: { password_hash: string } }[]>`
      SELECT data FROM events WHERE stream_id = ${`user-${res.body.id}`} AND type = 'UserRegistered'`;
    expect(event!.data.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(JSON.stringify(event!.data)).not.toContain(PASSWORD);
  });

  it('takes a role, locations and a primary location among them', async () => {
    const locations = [w.loc('Greenpoint'), w.loc('Bushwick')];
    const { user } = await newUser({ role: 'manager', locations, primary_location: locations[1] });
    expect(user).toMatchObject({ role: 'manager', locations, primary_location: locations[1] });
  });

  it("answers the spec's message, naming each missing field", async () => {
    const res = await admin().create({ name: ' ', role: 'viewer' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email, password, and name are required');
    expect(res.body.fields!.map((f) => f.field).sort()).toEqual(['email', 'name', 'password']);
    expect(res.body.fields!.every((f) => f.message === 'Email, password, and name are required')).toBe(true);
  });

  it('refuses a short password, a bad e-mail, an unknown role and locations that do not exist', async () => {
    const base = { name: 'Casey', email: `casey.${Date.now()}@example.com`, password: PASSWORD };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ email: 'not-an-address' }, 'email', 'Enter a valid e-mail address'],
      [{ role: 'owner' }, 'role', 'Role must be one of viewer, manager, admin'],
      [{ locations: [randomUUID()] }, 'locations.0', 'Location not found'],
      [{ locations: [w.loc('Greenpoint'), w.loc('Greenpoint')] }, 'locations', 'Locations must not repeat'],
      [{ primary_location: randomUUID() }, 'primary_location', 'Location not found'],
      [{ primary_location: 'Greenpoint' }, 'primary_location', "Primary location must be 'All Locations' or a location id"],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin().create({ ...base, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.fields, field).toContainEqual({ field, message });
    }
    const outside = await admin().create({ ...base, locations: [w.loc('Greenpoint')], primary_location: w.loc('Bushwick') });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("Primary location must be one of the user's locations");
  });

  it('refuses an e-mail another account has, in any letter case (409 naming the field)', async () => {
    const res = await admin().create({ name: 'Twin', email: 'Manager@FlexSpace.demo', password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'A user with this e-mail already exists', fields: [{ field: 'email', message: 'A user with this e-mail already exists' }] });
  });

  it('is for administrators only', async () => {
    const before = await headPosition(w.server.deps.sql);
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      const res = await as(token).create({ name: 'Sneaky', email: 'sneaky@example.com', password: PASSWORD, role: 'admin' });
      expect(res.status).toBe(403);
    }
    expect(await headPosition(w.server.deps.sql)).toBe(before);
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes the profile; a blank password keeps the current one', async () => {
    const { user, email } = await newUser();
    const locations = [w.loc('60 Broad')];
    const res = await admin().update(user.id, { ...user, name: 'Renamed Person', role: 'manager', locations, primary_location: locations[0], password: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Person', role: 'manager', locations, primary_location: locations[0], version: 2 });
    expect(res.text).not.toMatch(/argon2|password/i);
    await signIn(w.api, { email, password: PASSWORD });
    const blank = await admin().update(user.id, { password: '   ', version: 2 });
    expect(blank.body.version).toBe(2);
  });

  it('changes the password when one is typed, with the profile, in one step', async () => {
    const { user, email } = await newUser();
    const res = await admin().update(user.id, { name: 'New Password Person', password: 'another-long-password', version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'New Password Person', version: 3 });
    expect((await w.api('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    await signIn(w.api, { email, password: 'another-long-password' });
    const types = await w.server.deps.sql<{ type: string; correlation: string }[]>`
      SELECT type, metadata->>'correlation_id' AS correlation FROM events WHERE stream_id = ${`user-${user.id}`} ORDER BY version`;
    expect(types.map((t) => t.type)).toEqual(['UserRegistered', 'UserUpdated', 'UserPasswordChanged']);
    expect(types[1]!.correlation).toBe(types[2]!.correlation);
  });

  it("answers the spec's message for a blank name or e-mail, and refuses a short password", async () => {
    const { user } = await newUser();
    const blank = await admin().update(user.id, { name: '', email: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Email and name are required');
    expect(blank.body.fields!.map((f) => f.field).sort()).toEqual(['email', 'name']);
    const short = await admin().update(user.id, { password: 'short' });
    expect(short.body.fields).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
  });

  it("refuses a change of one's own role, a stale version, an unknown user, another's e-mail", async () => {
    const self = await admin().update(w.users.admin.user.id, { role: 'viewer' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot change your own role');
    const { user } = await newUser();
    await admin().update(user.id, { name: 'Changed Once' });
    const stale = await admin().update(user.id, { name: 'Changed Twice', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Alex Morgan changed this user (name)');
    expect((await admin().update(randomUUID(), { name: 'Ghost' })).body).toEqual({ message: 'User not found' });
    const taken = await admin().update(user.id, { email: 'viewer@flexspace.demo' });
    expect(taken.status).toBe(409);
  });

  it('lets two administrators demoting each other at once do it in turn: the second finds itself demoted and is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const [c, d] = [await newUser({ role: 'admin' }), await newUser({ role: 'admin' })];
      const answers = await Promise.all([as(c.token).update(d.user.id, { role: 'viewer' }), as(d.token).update(c.user.id, { role: 'viewer' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
      expect(answers.find((a) => a.status === 403)!.body.message).toBe('Requires the admin role');
      const roles = await w.server.deps.sql<{ role: string }[]>`SELECT role FROM users WHERE id IN (${c.user.id}, ${d.user.id}) ORDER BY role`;
      expect(roles.map((r) => r.role)).toEqual(['admin', 'viewer']);
    }
  });

  it('is for administrators only', async () => {
    const { user } = await newUser();
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      expect((await as(token).update(user.id, { role: 'admin' })).status).toBe(403);
    }
    // Not even one's own account: a role or a list of locations is the administrator's to give.
    expect((await as(w.tokens.manager).update(w.users.manager.user.id, { locations: [] })).status).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it("removes a user: gone from the list, its token refused on the next call", async () => {
    const { user, token } = await newUser();
    expect((await w.api('GET', '/api/auth/me', { token })).status).toBe(200);
    const res = await admin().remove(user.id);
    expect(res.status).toBe(204);
    expect((await admin().list()).body.map((u) => u.id)).not.toContain(user.id);
    expect((await admin().get(user.id)).status).toBe(404);
    expect((await w.api('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await w.api('GET', '/api/offices', { token })).status).toBe(401);
    expect((await admin().remove(user.id)).status).toBe(404);
  });

  it("refuses one's own account and administrators' accounts", async () => {
    const own = await admin().remove(w.users.admin.user.id);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: 'Cannot delete your own account' });
    const { user } = await newUser({ role: 'admin' });
    const other = await admin().remove(user.id);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Administrator accounts cannot be deleted' });
  });

  it('takes the version seen, in the body or the query', async () => {
    const { user } = await newUser();
    await admin().update(user.id, { name: 'Edited Before Delete' });
    expect((await admin().remove(user.id, { version: 1 })).status).toBe(409);
    expect((await w.api('DELETE', `/api/users/${user.id}?version=1`, { token: w.tokens.admin })).status).toBe(409);
    expect((await admin().remove(user.id, { version: 2 })).status).toBe(204);
  });

  it('is for administrators only', async () => {
    const { user } = await newUser();
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      expect((await as(token).remove(user.id)).status).toBe(403);
    }
    expect((await admin().get(user.id)).status).toBe(200);
  });
});

describe('a changed account takes effect at once', () => {
  it("a demoted user's token works with the new role on its next call", async () => {
    const { user, token } = await newUser({ role: 'manager' });
    const body = { name: 'Demotion Test', category: 'Email', content: 'Hello' };
    expect((await w.api('POST', '/api/templates', { token, body })).status).toBe(201);
    await admin().update(user.id, { role: 'viewer' });
    const refused = await w.api('POST', '/api/templates', { token, body });
    expect(refused.status).toBe(403);
    expect((await w.api('GET', '/api/auth/me', { token })).body.role).toBe('viewer');
  });

  it('a user whose locations shrink is refused the location it lost on its next call', async () => {
    const [kept, lost] = [w.loc('Center City'), w.loc('Market Street')];
    const { user, token } = await newUser({ role: 'manager', locations: [kept, lost], primary_location: kept });
    expect((await w.api('GET', `/api/locations/${lost}`, { token })).status).toBe(200);
    await admin().update(user.id, { locations: [kept] });
    expect((await w.api('GET', `/api/locations/${lost}`, { token })).status).toBe(403);
    expect((await w.api('GET', '/api/locations', { token })).body.map((l: { id: string }) => l.id)).toEqual([kept]);
  });

  it("a user's history never shows a password hash", async () => {
    const { user } = await newUser();
    await admin().update(user.id, { password: 'yet-another-password' });
    const res = await w.api('GET', `/api/events?stream=user&entity_id=${user.id}`, { token: w.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { type: string }) => e.type)).toEqual(['UserPasswordChanged', 'UserRegistered']);
    expect(res.text).not.toMatch(/argon2|password_hash/);
  });
});

describe('the sockets of a changed account', () => {
  const locationRenames = (listener: Listener, id: string) =>
    listener.changes.filter((m) => m.event_type === 'LocationUpdated' && m.changes.some((c) => c.entity === 'locations' && c.id === id));
  const rename = async (id: string, name: string) => {
    const res = await w.api('PUT', `/api/locations/${id}`, { token: w.tokens.admin, body: { name } });
    expect(res.status, res.text).toBe(200);
  };

  it('stop receiving the pushes of a location the user lost, and are told to reload', async () => {
    const [kept, lost] = [w.loc('Vinegar Hill'), w.loc('Bushwick')];
    const { user, token } = await newUser({ role: 'manager', locations: [kept, lost], primary_location: kept });
    await settled();
    const socket = listen(w.server.url, { token });
    await socket.ready;
    await rename(lost, 'Bushwick Before');
    await socket.until(() => locationRenames(socket, lost).length === 1, 'the rename while the user may see it');

    await admin().update(user.id, { role: 'viewer', locations: [kept], primary_location: kept });
    await socket.until((c) => c.some((m) => m.event_type === 'UserUpdated'), 'its own account row');
    await rename(lost, 'Bushwick After');
    await rename(kept, 'Vinegar Hill After');
    // Pushes arrive in log order: once the later rename is here, the earlier one would be too.
    await socket.until(() => locationRenames(socket, kept).length === 1, 'the rename of the location it kept');
    expect(locationRenames(socket, lost)).toHaveLength(1);
    // Nor the rows at that location the rename sent again.
    const after = socket.changes.slice(socket.changes.findIndex((m) => m.event_type === 'UserUpdated'));
    const atLost = after.flatMap((m) => m.changes).filter((c) => (c.row as { location_id?: string } | null)?.location_id === lost);
    expect(atLost).toEqual([]);
    expect(socket.resyncs.map((r) => r.reason)).toEqual(['Your access changed']);
    const own = socket.changes.find((m) => m.event_type === 'UserUpdated')!.changes[0]!;
    expect(own.row).toMatchObject({ id: user.id, role: 'viewer', locations: [kept] });
    socket.close();
    await rename(lost, 'Bushwick');
    await rename(kept, 'Vinegar Hill');
  });

  it('never receive a change made in the same transaction as the demotion, after it', async () => {
    const [kept, lost] = [w.loc('Center City'), w.loc('Market Street')];
    const { user, token } = await newUser({ role: 'manager', locations: [kept, lost], primary_location: kept });
    await settled();
    const socket = listen(w.server.url, { token });
    await socket.ready;
    const { handle } = w.server.deps;
    const { userAggregate } = await import('../../events/user/decider');
    const { locationAggregate } = await import('../../events/location/decider');
    const system = { userId: 'system', now: new Date() };
    await handle.transaction(async (run) => {
      await run(userAggregate, user.id, { type: 'UpdateUser', actor_id: 'system', changes: { locations: [kept] } }, system);
      await run(locationAggregate, lost, { type: 'UpdateLocation', changes: { name: 'Market Street Moved' } }, system);
    });
    await rename(kept, 'Center City After');
    await socket.until(() => locationRenames(socket, kept).length === 1, 'the rename of the location it kept');
    expect(locationRenames(socket, lost)).toEqual([]);
    socket.close();
    await rename(lost, 'Market Street');
    await rename(kept, 'Center City');
  });

  it('are closed when the user is deleted, told not to come back', async () => {
    const { user, token } = await newUser();
    const socket = listen(w.server.url, { token });
    await socket.ready;
    const closing = new Promise<ClosingMessage>((resolve) => socket.socket.once('closing', resolve));
    const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    expect((await admin().remove(user.id)).status).toBe(204);
    expect(await closing).toEqual({ reason: 'Your account was removed', reconnect: false });
    expect(await disconnected).toBe('io server disconnect');
    // Its own row's removal reached it first; nobody else's rows ever did.
    const rows = socket.changes.flatMap((m) => m.changes.filter((c) => c.entity === 'users'));
    expect(rows).toEqual([{ entity: 'users', id: user.id, row: null }]);
  });
});
