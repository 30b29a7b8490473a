import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAggregate } from '../../events/user/decider';
import { screenRoom } from '../../server/realtime/presence';
import { MAX_SCREEN_LENGTH, type PresenceMessage } from '@shared/realtime';
import { listen, type Listener } from '../support/sockets';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

interface Person {
  id: string;
  name: string;
  token: string;
}

let server: TestServer;
let admin: Person;
let manager: Person;
let viewer: Person;
const open: Listener[] = [];

const person = async (who: { email: string; password: string }): Promise<Person> => {
  const { access_token, user } = await signIn(server.api, who);
  return { id: user.id, name: (user as unknown as { name: string }).name, token: access_token };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(demoCredentials.admin);
  manager = await person(demoCredentials.manager);
  viewer = await person(demoCredentials.viewer);
});
afterAll(async () => {
  for (const listener of open) listener.close();
  await server.stop();
});

/** A connected tab of `who`, past its `ready`. */
async function tab(who: Person): Promise<Listener> {
  const listener = listen(server.url, { token: who.token });
  open.push(listener);
  await listener.ready;
  return listener;
}

const viewersOf = (...people: Person[]) => people.map((p) => ({ user_id: p.id, name: p.name }));
const about = (listener: Listener, screen: string) => listener.presence.filter((m) => m.screen === screen);
const latest = (messages: PresenceMessage[], screen: string) => messages.filter((m) => m.screen === screen).at(-1);

/** Waits until the last list `listener` received for `screen` is exactly `people`, in order. */
function sees(listener: Listener, screen: string, people: Person[]) {
  const expected = JSON.stringify(viewersOf(...people));
  return listener.untilPresence(
    (messages) => JSON.stringify(latest(messages, screen)?.viewers) === expected,
    `${screen} to show ${people.map((p) => p.name).join(', ') || 'nobody'}`,
  );
}

/**
 * Re-announces the screen the tab is on and waits for the answer. One connection delivers in
 * order, so anything the server had sent this tab before is in by then.
 */
async function settle(listener: Listener, screen: string) {
  const before = listener.presence.length;
  listener.announce({ screen });
  await listener.untilPresence((m) => m.length > before && m.at(-1)!.screen === screen, `the answer on ${screen}`);
  // That answer is not news for the tests' counts.
  listener.presence.pop();
}

/** Waits until the server itself counts `count` sockets on `screen` (a close is seen asynchronously). */
async function serverCounts(screen: string, count: number) {
  const deadline = Date.now() + 15_000;
  while ((await server.gateway.io.in(screenRoom(screen)).fetchSockets()).length !== count) {
    if (Date.now() > deadline) throw new Error(`the server never counted ${count} socket(s) on ${screen}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('presence', () => {
  it('shows two users on the same screen to each other, and not to a user on another screen', async () => {
    const [a, m, v] = await Promise.all([tab(admin), tab(manager), tab(viewer)]);
    a.announce({ screen: '/offices' });
    await sees(a, '/offices', [admin]);
    m.announce({ screen: '/offices' });
    await Promise.all([sees(a, '/offices', [admin, manager]), sees(m, '/offices', [admin, manager])]);
    const other = `/offices/${crypto.randomUUID()}`;
    v.announce({ screen: other });
    await sees(v, other, [viewer]);

    await Promise.all([settle(a, '/offices'), settle(m, '/offices'), settle(v, other)]);
    // The joiner was sent the current list once; the one already there, each change.
    expect(about(m, '/offices').map((x) => x.viewers)).toEqual([viewersOf(admin, manager)]);
    expect(about(a, '/offices').map((x) => x.viewers)).toEqual([viewersOf(admin), viewersOf(admin, manager)]);
    // The viewer hears nothing of /offices, and nobody there hears of the viewer's screen.
    expect(v.presence.map((x) => x.screen)).toEqual([other]);
    expect([...a.presence, ...m.presence].every((x) => x.screen === '/offices')).toBe(true);
    for (const l of [a, m, v]) l.close();
  });

  it('updates both lists when a user switches screens, and the old one when it shows none', async () => {
    const [a, m, v] = await Promise.all([tab(admin), tab(manager), tab(viewer)]);
    a.announce({ screen: '/switch/a' });
    await sees(a, '/switch/a', [admin]);
    m.announce({ screen: '/switch/a' });
    v.announce({ screen: '/switch/b' });
    await Promise.all([sees(a, '/switch/a', [admin, manager]), sees(v, '/switch/b', [viewer])]);

    m.announce({ screen: '/switch/b' });
    await Promise.all([
      sees(a, '/switch/a', [admin]),
      sees(m, '/switch/b', [manager, viewer]),
      sees(v, '/switch/b', [manager, viewer]),
    ]);

    m.announce({ screen: null });
    await sees(v, '/switch/b', [viewer]);
    await settle(v, '/switch/b');
    await settle(a, '/switch/a');
    // The manager shows no screen now: it is told nothing more about either.
    const told = m.presence.length;
    a.announce({ screen: '/switch/b' });
    await Promise.all([sees(a, '/switch/b', [admin, viewer]), sees(v, '/switch/b', [admin, viewer])]);
    m.announce({ screen: '/switch/c' });
    await sees(m, '/switch/c', [manager]);
    expect(m.presence.slice(told).map((x) => x.screen)).toEqual(['/switch/c']);
    for (const l of [a, m, v]) l.close();
  });

  it('removes a user whose socket disconnects', async () => {
    const [a, m] = await Promise.all([tab(admin), tab(manager)]);
    a.announce({ screen: '/gone' });
    m.announce({ screen: '/gone' });
    await sees(a, '/gone', [admin, manager]);
    m.close();
    await sees(a, '/gone', [admin]);
    await serverCounts('/gone', 1);
    a.close();
    await serverCounts('/gone', 0);
  });

  it('lists a user with two tabs once, and keeps it while one tab remains', async () => {
    const [a1, a2, m] = await Promise.all([tab(admin), tab(admin), tab(manager)]);
    a1.announce({ screen: '/tabs' });
    await sees(a1, '/tabs', [admin]);
    m.announce({ screen: '/tabs' });
    await Promise.all([sees(a1, '/tabs', [admin, manager]), sees(m, '/tabs', [admin, manager])]);
    a2.announce({ screen: '/tabs' });
    await sees(a2, '/tabs', [admin, manager]);
    expect(about(a2, '/tabs')).toHaveLength(1);
    await serverCounts('/tabs', 3);

    // A second tab changes nobody's list: the others are not told again.
    await Promise.all([settle(a1, '/tabs'), settle(m, '/tabs')]);
    expect(about(m, '/tabs')).toHaveLength(1);
    expect(about(a1, '/tabs')).toHaveLength(2);

    a1.close();
    await serverCounts('/tabs', 2);
    await settle(m, '/tabs');
    expect(about(m, '/tabs')).toHaveLength(1); // the admin is still there: no news
    const v = await tab(viewer);
    v.announce({ screen: '/tabs' });
    await Promise.all([
      sees(v, '/tabs', [admin, manager, viewer]),
      sees(m, '/tabs', [admin, manager, viewer]),
      sees(a2, '/tabs', [admin, manager, viewer]),
    ]);

    a2.close();
    await Promise.all([sees(v, '/tabs', [manager, viewer]), sees(m, '/tabs', [manager, viewer])]);
    m.close();
    v.close();
  });

  it('ignores invalid announcements without disconnecting the socket', async () => {
    const [a, m] = await Promise.all([tab(admin), tab(manager)]);
    a.announce({ screen: '/valid' });
    m.announce({ screen: '/valid' });
    await Promise.all([sees(a, '/valid', [admin, manager]), sees(m, '/valid', [admin, manager])]);
    await settle(m, '/valid');
    const heard = m.presence.length;
    const errorsBefore = server.logs.filter((line) => line.includes('presence failed')).length;

    const invalid: unknown[] = [
      42,
      { screen: 42 },
      { screen: { path: '/offices' } },
      { screen: ['/offices'] },
      {},
      { path: '/offices' },
      ['/offices'],
      '/offices',
      null,
      undefined,
      true,
      { screen: `/${'x'.repeat(9_999)}` },
      { screen: '/'.padEnd(MAX_SCREEN_LENGTH + 1, 'x') },
      { screen: 'offices' },
      { screen: ' /offices' },
      { screen: '' },
    ];
    for (const message of invalid) a.announce(message);
    // The socket is still here and still on /valid: its next announcement is answered there.
    await settle(a, '/valid');
    expect(a.socket.connected).toBe(true);
    expect(m.socket.connected).toBe(true);
    await settle(m, '/valid');
    expect(m.presence.length).toBe(heard);

    // The longest valid screen is accepted.
    const longest = '/'.padEnd(MAX_SCREEN_LENGTH, 'y');
    a.announce({ screen: longest });
    await Promise.all([sees(a, longest, [admin]), sees(m, '/valid', [manager])]);
    expect(server.logs.filter((line) => line.includes('presence failed')).length).toBe(errorsBefore);
    a.close();
    m.close();
  });

  it("publishes a user's new name to the screens it is on, and keeps its sockets there", async () => {
    const [a, v] = await Promise.all([tab(admin), tab(viewer)]);
    a.announce({ screen: '/renamed' });
    v.announce({ screen: '/renamed' });
    await Promise.all([sees(a, '/renamed', [admin, viewer]), sees(v, '/renamed', [admin, viewer])]);

    const rename = (name: string) =>
      server.deps.handle(
        userAggregate,
        viewer.id,
        { type: 'UpdateUser', actor_id: admin.id, changes: { name } },
        { userId: admin.id, now: new Date() },
      );
    const renamed = { ...viewer, name: 'Aaron Rivera' };
    try {
      await rename(renamed.name);
      // Sorted by the new name; the renamed user's own socket, moved between permission rooms,
      // still hears its screen.
      await Promise.all([sees(a, '/renamed', [renamed, admin]), sees(v, '/renamed', [renamed, admin])]);
      const m = await tab(manager);
      m.announce({ screen: '/renamed' });
      await Promise.all([
        sees(v, '/renamed', [renamed, admin, manager]),
        sees(m, '/renamed', [renamed, admin, manager]),
      ]);
      m.close();
      await sees(v, '/renamed', [renamed, admin]);
    } finally {
      await rename(viewer.name);
    }
    await Promise.all([sees(a, '/renamed', [admin, viewer]), sees(v, '/renamed', [admin, viewer])]);
    a.close();
    v.close();
  });

  it('writes nothing to the events table', async () => {
    const { sql } = server.database;
    const head = async () =>
      (await sql<{ n: number; last: number | null }[]>`SELECT count(*)::int AS n, max(position) AS last FROM events`)[0]!;
    const before = await head();

    const [a1, a2, m, v] = await Promise.all([tab(admin), tab(admin), tab(manager), tab(viewer)]);
    for (const l of [a1, a2, m, v]) l.announce({ screen: '/log' });
    await sees(v, '/log', [admin, manager, viewer]);
    m.announce({ screen: '/log/elsewhere' });
    await sees(v, '/log', [admin, viewer]);
    a1.announce({ screen: null });
    a2.close();
    await sees(v, '/log', [viewer]);
    v.announce({ screen: 42 });
    a1.close();
    m.close();
    v.close();
    await serverCounts('/log', 0);
    await serverCounts('/log/elsewhere', 0);

    expect(await head()).toEqual(before);
  });
});
