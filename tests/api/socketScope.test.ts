import { headPosition } from '../../events/store/append';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATCH_UP_EVENTS, MAX_SOCKETS_PER_USER, type ChangeMessage, type ClosingMessage } from '@shared/realtime';
import type { Location } from '@shared/schemas/locations';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import { connectError, listen } from '../support/sockets';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

const SECRET = 'a-test-signing-key-of-at-least-32-characters';
let server: TestServer;
let admin: string;
let manager: { access_token: string; user: { id: string; locations: string[] } };
let locations: Location[];
const byName = (name: string) => locations.find((l) => l.name === name)!;

beforeAll(async () => {
  server = await startTestServer({ jwtSecret: SECRET });
  admin = (await signIn(server.api, demoCredentials.admin)).access_token;
  manager = await signIn(server.api, demoCredentials.manager);
  locations = (await server.api('GET', '/api/locations', { token: admin })).body;
});
afterAll(async () => {
  await server.stop();
});

const head = async () => {
  const position = await headPosition(server.deps.sql);
  await server.gateway.waitFor(position);
  return position;
};
const rowsFor = (messages: ChangeMessage[], id: string) => messages.flatMap((m) => m.changes.filter((c) => c.id === id));

describe('a row that leaves a user\'s scope', () => {
  it('reaches the old location\'s manager as a removal, never as the row GET refuses; later edits not at all', async () => {
    const from = byName('55 Broadway');
    const to = byName('Greenpoint');
    expect(manager.user.locations).toContain(from.id);
    const offices: Office[] = (await server.api('GET', `/api/offices?location=${from.id}`, { token: admin })).body;
    const office = offices.find((o) => !o.member_id)!;
    await head();
    const managerSocket = listen(server.url, { token: manager.access_token });
    const adminSocket = listen(server.url, { token: admin });
    await Promise.all([managerSocket.ready, adminSocket.ready]);

    const moved = await server.api('PUT', `/api/offices/${office.id}`, { token: admin, body: { location_id: to.id, office_number: `${office.office_number}M` } });
    expect(moved.status).toBe(200);
    const later = await server.api('PUT', `/api/offices/${office.id}`, {
      token: admin,
      body: { marketed_rates: { monthly: 9999, six_month: 9000, twelve_month: 8000 } },
    });
    expect(later.status).toBe(200);
    await adminSocket.until((c) => rowsFor(c, office.id).length === 2, 'both changes on the admin socket');
    await head();

    expect((await server.api('GET', `/api/offices/${office.id}`, { token: manager.access_token })).status).toBe(403);
    const seen = rowsFor(managerSocket.changes, office.id);
    // One removal: it carries where the row stood when the push was made (the move, or the
    // later edit if both were committed before the push read the row).
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ entity: 'offices', id: office.id, row: null });
    expect([moved.body.version, later.body.version]).toContain(seen[0]!.removed_at?.version);
    // It says where the office went (the location's name, for the notice), and nothing of the row.
    expect(Object.keys(seen[0]!.removed_at!).sort()).toEqual(['moved_to', 'updated_at', 'version']);
    expect(seen[0]!.removed_at!.moved_to).toBe('Greenpoint');
    expect(JSON.stringify(seen)).not.toContain(`${office.office_number}M`);
    expect(rowsFor(adminSocket.changes, office.id).map((c) => (c.row as Office).location_id)).toEqual([to.id, to.id]);
    managerSocket.close();
    adminSocket.close();
  });

  it('is a removal on catch-up too, not the row as it stands now', async () => {
    const from = byName('60 Broad');
    const to = byName('Bushwick');
    const members: Member[] = (await server.api('GET', `/api/members?location=${from.id}`, { token: admin })).body;
    const member = members.find((m) => !m.office_id)!;
    const before = await head();

    const moved = await server.api('PUT', `/api/members/${member.id}`, { token: admin, body: { location_id: to.id } });
    expect(moved.status).toBe(200);
    const renamed = await server.api('PUT', `/api/members/${member.id}`, { token: admin, body: { company_name: `${member.company_name} West` } });
    expect(renamed.status).toBe(200);
    await head();

    const again = listen(server.url, { token: manager.access_token, since: before });
    const ready = await again.ready;
    expect(again.resyncs).toEqual([]);
    expect(ready.caught_up).toBeGreaterThan(0);
    const seen = rowsFor(again.changes, member.id);
    expect(seen.length).toBeGreaterThan(0);
    for (const change of seen) expect(change.row).toBeNull();
    expect(JSON.stringify(again.changes)).not.toContain(`${member.company_name} West`);
    again.close();
  });
});

describe('what a client sends never stops the server', () => {
  it('refuses a signed token whose subject is not a user id, and keeps serving', async () => {
    const key = new TextEncoder().encode(SECRET);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setIssuer('flexspace-operations')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const results = await Promise.all(Array.from({ length: 5 }, () => connectError(server.url, { token: forged })));
    expect(results).toEqual(Array(5).fill('Unauthorized'));
    expect((await server.api('GET', '/api/health')).status).toBe(200);
    const still = listen(server.url, { token: admin });
    await still.ready;
    still.close();
  });
});

describe('catch-up', () => {
  it('tells a socket further behind than the bound to reload, without replaying the log', async () => {
    const position = await head();
    expect(position).toBeGreaterThan(MAX_CATCH_UP_EVENTS);
    // Twenty tabs of two users (each stays within the per-user socket cap).
    const viewers = Array.from({ length: 20 }, (_, i) =>
      listen(server.url, { token: i % 2 ? admin : manager.access_token, since: 0 }),
    );
    const ready = await Promise.all(viewers.map((v) => v.ready));
    for (const [i, viewer] of viewers.entries()) {
      expect(viewer.resyncs).toHaveLength(1);
      expect(viewer.changes).toEqual([]);
      expect(ready[i]!.caught_up).toBe(0);
      viewer.close();
    }
  });
});

describe('sockets per user', () => {
  it(`keeps at most ${MAX_SOCKETS_PER_USER} per user, telling the oldest why and not to come back`, async () => {
    const first = listen(server.url, { token: manager.access_token });
    const closing = new Promise<ClosingMessage>((resolve) => first.socket.once('closing', resolve));
    await first.ready;
    const more = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const socket = listen(server.url, { token: manager.access_token });
      await socket.ready;
      more.push(socket);
    }
    expect(await closing).toEqual({ reason: 'Too many open tabs: this one stopped updating', reconnect: false });
    for (const socket of more) expect(socket.socket.connected).toBe(true);
    // The node says so in its log: the cap is per node, and an operator sees who reaches it where.
    const logged = server.logs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'too many open tabs: closed the oldest');
    expect(logged).toEqual([expect.objectContaining({ level: 40, user_id: manager.user.id, sockets: MAX_SOCKETS_PER_USER + 1, limit: MAX_SOCKETS_PER_USER, closed: 1 })]);
    for (const socket of more) socket.close();
  });
});
