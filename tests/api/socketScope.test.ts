import { headPosition } from '../../events/store/append';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoom } from '../../server/realtime/rooms';
import { MAX_CATCH_UP_EVENTS, MAX_SOCKETS_PER_USER, type ChangeMessage, type ClosingMessage } from '@shared/realtime';
import type { Location } from '@shared/schemas/locations';
import type { Booking } from '@shared/schemas/bookings';
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
    // The member's new name reaches the manager only where a GET shows it: on a booking of one of
    // the manager's rooms (the demo books members' meetings in them), never as the member.
    expect(JSON.stringify(seen)).not.toContain(`${member.company_name} West`);
    for (const change of again.changes.flatMap((m) => m.changes).filter((c) => JSON.stringify(c).includes(`${member.company_name} West`))) {
      expect(change.entity).toBe('bookings');
      expect(change.row).toEqual((await server.api('GET', `/api/bookings/${change.id}`, { token: manager.access_token })).body);
    }
    again.close();
  });
});

describe('a row at one location that shows a row of another', () => {
  /**
   * A booking of a 55 Broadway room for a member of a location the manager does not run: the
   * member's rename is an event of the member's location, yet the booking row the manager reads
   * shows the new name, so the push (and a catch-up) must bring it.
   */
  async function bookingShowingAnOutsideMember() {
    const room = (await server.api<Office[]>('GET', `/api/offices?location=${byName('55 Broadway').id}`, { token: admin })).body.find((o) => o.type === 'Meeting Room')!;
    const outside = locations.find((l) => !manager.user.locations.includes(l.id))!;
    const member = (await server.api<Member[]>('GET', `/api/members?location=${outside.id}`, { token: admin })).body[0]!;
    expect((await server.api('GET', `/api/members/${member.id}`, { token: manager.access_token })).status).toBe(403);
    // A free half hour far enough ahead that no demo booking is in its way.
    for (let day = 40; day < 80; day++) {
      const starts = new Date(Date.now() + day * 86_400_000);
      starts.setUTCHours(17, 0, 0, 0);
      const ends = new Date(starts.getTime() + 30 * 60_000);
      const made = await server.api<Booking>('POST', '/api/bookings', {
        token: admin,
        body: { room_id: room.id, member_id: member.id, title: 'Cross-location check', starts_at: starts.toISOString(), ends_at: ends.toISOString() },
      });
      if (made.status === 201) return { booking: made.body, member };
    }
    throw new Error('no free slot for the booking');
  }

  it('reaches that location\'s manager when the shown row changes, live and on catch-up', async () => {
    const { booking, member } = await bookingShowingAnOutsideMember();
    const before = await head();
    const live = listen(server.url, { token: manager.access_token });
    await live.ready;

    const name = `${member.company_name} Renamed`;
    expect((await server.api('PUT', `/api/members/${member.id}`, { token: admin, body: { company_name: name } })).status).toBe(200);
    await live.until((c) => rowsFor(c, booking.id).some((change) => (change.row as Booking | null)?.member_name === name), 'the booking with the new name');
    await head();
    // The booking only: never the member the manager may not see, nor its removal.
    expect(rowsFor(live.changes, member.id)).toEqual([]);
    const read = await server.api<Booking>('GET', `/api/bookings/${booking.id}`, { token: manager.access_token });
    expect(rowsFor(live.changes, booking.id).at(-1)!.row).toEqual(read.body);
    live.close();

    const back = listen(server.url, { token: manager.access_token, since: before });
    await back.ready;
    expect(back.resyncs).toEqual([]);
    expect(rowsFor(back.changes, booking.id).at(-1)!.row).toEqual(read.body);
    expect(rowsFor(back.changes, member.id)).toEqual([]);
    back.close();
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
    // The tabs earlier tests closed are gone from the node first: they would count against the cap.
    await vi.waitFor(async () => expect(await server.gateway.io.local.in(userRoom(manager.user.id)).fetchSockets()).toHaveLength(0));
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
