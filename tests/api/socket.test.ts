import { headPosition } from '../../events/store/append';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/locations';
import { connectError, listen } from '../support/sockets';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: string;
let manager: { access_token: string; user: { locations: string[] } };
let locations: Location[];

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server.api, demoCredentials.admin)).access_token;
  manager = await signIn(server.api, demoCredentials.manager);
  locations = (await server.api('GET', '/api/locations', { token: admin })).body;
});
afterAll(async () => {
  await server.stop();
});

const rename = async (location: Location, name: string) => {
  const res = await server.api('PUT', `/api/locations/${location.id}`, { token: admin, body: { name } });
  expect(res.status).toBe(200);
  return res.body as Location;
};

describe('live gateway', () => {
  it('refuses a socket without a valid token', async () => {
    expect(await connectError(server.url, {})).toBe('Unauthorized');
    expect(await connectError(server.url, { token: 'not-a-token' })).toBe('Unauthorized');
    const [h, p] = admin.split('.');
    expect(await connectError(server.url, { token: `${h}.${p}.forgedsignature` })).toBe('Unauthorized');
  });

  it('pushes the changed row with its log position to sockets that may see it', async () => {
    const listener = listen(server.url, { token: admin });
    const { position } = await listener.ready;
    const target = locations.find((l) => l.name === 'Greenpoint')!;
    const updated = await rename(target, 'Greenpoint Terminal');
    await listener.until((c) => c.length === 1, 'the rename');
    const [message] = listener.changes;
    expect(message!.position).toBeGreaterThan(position);
    expect(message!.event_type).toBe('LocationUpdated');
    expect(message!.changes.filter((c) => c.entity === 'locations')).toEqual([{ entity: 'locations', id: target.id, row: updated }]);
    // A rename also re-sends the offices and members there, whose rows show the location's name.
    const offices = message!.changes.filter((c) => c.entity === 'offices');
    expect(offices.length).toBeGreaterThan(0);
    for (const change of offices) expect((change.row as { location_name: string }).location_name).toBe('Greenpoint Terminal');
    listener.close();
  });

  it("never sends a manager an event of a location outside its list", async () => {
    const mine = locations.filter((l) => manager.user.locations.includes(l.id));
    const others = locations.filter((l) => !manager.user.locations.includes(l.id));
    expect(mine).toHaveLength(2);
    const managerSocket = listen(server.url, { token: manager.access_token });
    const adminSocket = listen(server.url, { token: admin });
    await Promise.all([managerSocket.ready, adminSocket.ready]);

    for (const location of others) await rename(location, `${location.name} (renamed)`);
    await rename(mine[0]!, `${mine[0]!.name} (renamed)`);
    for (const location of others) await rename(location, location.name.replace(' (renamed)', ''));
    await rename(mine[1]!, `${mine[1]!.name} (renamed)`);
    const total = others.length * 2 + 2;
    await adminSocket.until((c) => c.length === total, 'every change on the admin socket');
    // Pushes reach a socket in log order, so once the manager has the last change it would
    // also have any earlier one that was sent to it.
    await managerSocket.until((c) => c.length >= 2, "the manager's changes");
    const seen = managerSocket.changes.flatMap((m) => m.changes.filter((c) => c.entity === 'locations').map((c) => c.id));
    // Nor any office or member row of another location that came with those renames.
    const rows = managerSocket.changes.flatMap((m) => m.changes.filter((c) => c.entity !== 'locations'));
    for (const change of rows) expect(manager.user.locations).toContain((change.row as { location_id: string }).location_id);
    expect(seen).toEqual([mine[0]!.id, mine[1]!.id]);
    managerSocket.close();
    adminSocket.close();
  });

  it('sends a socket that reconnects each row it missed once, as it stands now', async () => {
    const target = locations.find((l) => l.name === 'Bushwick')!;
    const other = locations.find((l) => l.name === 'Greenpoint')!;
    const first = listen(server.url, { token: admin });
    await first.ready;
    await rename(target, 'Bushwick 0');
    await first.until((c) => c.length === 1);
    const last = first.changes[0]!.position;
    first.close();

    const positions: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await server.api('PUT', `/api/locations/${i % 2 ? target.id : other.id}`, { token: admin, body: { floors: [i] } });
      expect(res.status).toBe(200);
      positions.push(await headPosition(server.deps.sql));
    }
    const head = positions.at(-1)!;
    await server.gateway.waitFor(head);

    const again = listen(server.url, { token: admin, since: last });
    const ready = await again.ready;
    expect(ready.position).toBe(head);
    // Twenty events, two rows: each row once, with the last event that changed it, in log order.
    expect(ready.caught_up).toBe(2);
    expect(again.changes.map((m) => m.changes.map((c) => c.id))).toEqual([[target.id], [other.id]]);
    expect(again.changes.map((m) => m.position)).toEqual([positions[18], positions[19]]);
    expect((again.changes[0]!.changes[0]!.row as Location).floors).toEqual([19]);
    expect((again.changes[1]!.changes[0]!.row as Location).floors).toEqual([20]);
    again.close();
  });

  it('names who made a change as they are named now: a rename of that user shows in the next push', async () => {
    const { id } = (await signIn(server.api, demoCredentials.admin)).user;
    const me = (await server.api('GET', `/api/users/${id}`, { token: admin })).body as { id: string; name: string };
    const listener = listen(server.url, { token: admin });
    await listener.ready;
    const target = locations.find((l) => l.name === 'Williamsburg') ?? locations[0]!;
    await rename(target, `${target.name} (before)`);
    await listener.until((c) => c.some((m) => m.event_type === 'LocationUpdated'), 'the first rename');
    expect(listener.changes.at(-1)!.user_name).toBe(me.name);

    const renamed = await server.api('PUT', `/api/users/${me.id}`, { token: admin, body: { name: 'Ada Renamed' } });
    expect(renamed.status).toBe(200);
    await rename(target, target.name);
    await listener.until((c) => c.filter((m) => m.event_type === 'LocationUpdated').length === 2, 'the second rename');
    expect(listener.changes.filter((m) => m.event_type === 'LocationUpdated').at(-1)!.user_name).toBe('Ada Renamed');
    expect((await server.api('PUT', `/api/users/${me.id}`, { token: admin, body: { name: me.name } })).status).toBe(200);
    listener.close();
  });

  it('tells a client that claims a future position to reload its views', async () => {
    const listener = listen(server.url, { token: admin, since: 10_000_000 });
    const ready = await listener.ready;
    expect(listener.resyncs).toHaveLength(1);
    expect(ready.caught_up).toBe(0);
    listener.close();
  });
});
