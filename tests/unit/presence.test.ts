import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { PresenceMessage } from '@shared/realtime';
import { NODE_BEAT_MS, NODE_EXPIRES_MS, type InterServerEvents } from '../../server/realtime/cluster';
import type { GatewayServer, GatewaySocket } from '../../server/realtime/gateway';
import { createPresence, type PresenceLink } from '../../server/realtime/presence';

/** One node's presence with a fake link to the others, and one of its sockets on /offices. */
function node() {
  const sent: { event: keyof InterServerEvents; message: unknown }[] = [];
  const listeners = new Map<string, (message: never) => void>();
  const link: PresenceLink = {
    node: 'node-a',
    send: (event, ...args) => void sent.push({ event, message: args[0] }),
    on: (event, listener) => void listeners.set(event, listener as (message: never) => void),
  };
  const received: PresenceMessage[] = [];
  const io = { local: { to: () => ({ emit: (_event: string, message: PresenceMessage) => received.push(message) }) } } as unknown as GatewayServer;
  const presence = createPresence(io, pino({ level: 'silent' }), link, () => Date.now());
  const socket = {
    id: 's1',
    connected: true,
    data: { user: { id: 'u-dana', name: 'Dana Lee' } },
    join: () => undefined,
    leave: () => undefined,
    emit: (_event: string, message: PresenceMessage) => received.push(message),
  } as unknown as GatewaySocket;
  presence.announce(socket, { screen: '/offices' });
  /** A message from another node, as the adapter hands it over. */
  const hear = <E extends keyof InterServerEvents>(event: E, message: Parameters<InterServerEvents[E]>[0]) => listeners.get(event)!(message as never);
  const names = () => received.at(-1)!.viewers.map((v) => v.name);
  return { presence, sent, hear, names };
}

describe('presence across nodes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a node with a viewer on the screen, when it falls silent, then its viewer leaves the list once NODE_EXPIRES_MS have passed', async () => {
    const { presence, hear, names } = node();
    hear('presence:state', { node: 'node-b', screens: { '/offices': [{ user_id: 'u-sam', name: 'Sam Rivera' }] } });
    expect(names()).toEqual(['Dana Lee', 'Sam Rivera']);

    // Beating: it stays.
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(NODE_BEAT_MS);
      hear('presence:beat', { node: 'node-b' });
    }
    expect(names()).toEqual(['Dana Lee', 'Sam Rivera']);

    // Silent: gone within NODE_EXPIRES_MS and one more beat of this node's own.
    await vi.advanceTimersByTimeAsync(NODE_EXPIRES_MS + NODE_BEAT_MS);
    expect(names()).toEqual(['Dana Lee']);
    presence.close();
  });

  it('given this node busy past several beats of its own, when its timer runs late, then the others are not dropped that round', async () => {
    const { presence, hear, names } = node();
    hear('presence:state', { node: 'node-b', screens: { '/offices': [{ user_id: 'u-sam', name: 'Sam Rivera' }] } });
    await vi.advanceTimersByTimeAsync(NODE_BEAT_MS);
    // The event loop held for longer than NODE_EXPIRES_MS: the clock jumps, no timer ran.
    vi.setSystemTime(Date.now() + NODE_EXPIRES_MS + NODE_BEAT_MS);
    await vi.advanceTimersByTimeAsync(NODE_BEAT_MS);
    // Its beats, read only now, keep it.
    hear('presence:beat', { node: 'node-b' });
    await vi.advanceTimersByTimeAsync(NODE_BEAT_MS);
    expect(names()).toEqual(['Dana Lee', 'Sam Rivera']);
    presence.close();
  });

  it('given a node dropped while silent, when its beat comes again, then its state is asked for at once', async () => {
    const { presence, sent, hear, names } = node();
    hear('presence:state', { node: 'node-b', screens: { '/offices': [{ user_id: 'u-sam', name: 'Sam Rivera' }] } });
    await vi.advanceTimersByTimeAsync(NODE_EXPIRES_MS + 2 * NODE_BEAT_MS);
    expect(names()).toEqual(['Dana Lee']);

    sent.length = 0;
    hear('presence:beat', { node: 'node-b' });
    expect(sent.filter((m) => m.event === 'presence:hello')).toEqual([{ event: 'presence:hello', message: { node: 'node-a' } }]);
    hear('presence:state', { node: 'node-b', screens: { '/offices': [{ user_id: 'u-sam', name: 'Sam Rivera' }] } });
    expect(names()).toEqual(['Dana Lee', 'Sam Rivera']);
    presence.close();
  });

  it('beats every NODE_BEAT_MS and sends its whole state less often', async () => {
    const { presence, sent } = node();
    sent.length = 0;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.filter((m) => m.event === 'presence:beat')).toHaveLength(5_000 / NODE_BEAT_MS);
    expect(sent.filter((m) => m.event === 'presence:state')).toEqual([{ event: 'presence:state', message: { node: 'node-a', screens: { '/offices': [{ user_id: 'u-dana', name: 'Dana Lee' }] } } }]);
    presence.close();
  });
});
