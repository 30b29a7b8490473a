import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn } from '../support/server';
import { listen, type Listener } from '../support/sockets';
import { startTwoNodes, type TwoNodes } from '../support/twoNodes';

/**
 * Two processes of the real entry point on one PostgreSQL database; one is killed outright
 * (SIGKILL: no goodbye, no closing of its sockets). Its users must leave the presence lists the
 * survivor's tabs show, without waiting for them to come back anywhere.
 */
let nodes: TwoNodes;
let a: MainProcess;
let b: MainProcess;
const sockets: Listener[] = [];

beforeAll(async () => {
  nodes = await startTwoNodes('presence');
  [a, b] = [nodes.nodes[0].process, nodes.nodes[1].process];
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nodes?.stop();
});

const open = async (origin: string, token: string) => {
  const socket = listen(origin, { token });
  sockets.push(socket);
  await socket.ready;
  return socket;
};

describe('a node killed outright', () => {
  it("takes its users out of the other node's presence lists", async ({ annotate }) => {
    const admin = await signIn(apiClient(a.origin), demoCredentials.admin);
    const viewer = await signIn(apiClient(a.origin), demoCredentials.viewer);
    const manager = await signIn(apiClient(b.origin), demoCredentials.manager);

    // Given two users on node A and one on node B, all on the same screen
    const onA = [await open(a.origin, admin.access_token), await open(a.origin, viewer.access_token)];
    const managerOnB = await open(b.origin, manager.access_token);
    for (const socket of [...onA, managerOnB]) socket.announce({ screen: '/offices' });
    const everyone = (socket: Listener) => socket.untilPresence((p) => p.at(-1)?.viewers.length === 3, 'all three users listed');
    await Promise.all([...onA, managerOnB].map(everyone));

    // When node B dies without a word
    const killedAt = Date.now();
    await b.stop('SIGKILL');

    // Then every socket of node A sees the manager leave the screen's list, and only the manager
    const left = await Promise.all(
      onA.map(async (socket) => {
        await socket.untilPresence((p) => p.at(-1)?.screen === '/offices' && !p.at(-1)!.viewers.some((v) => v.user_id === manager.user.id), 'the manager gone');
        return Date.now() - killedAt;
      }),
    );
    for (const socket of onA) expect(socket.presence.at(-1)!.viewers.map((v) => v.user_id).sort()).toEqual([admin.user.id, viewer.user.id].sort());
    await annotate(`the dead node's user left presence ${Math.max(...left)} ms after SIGKILL`);
  });
});
