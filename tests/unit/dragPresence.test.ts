import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { DragMessage } from '@shared/realtime';
import type { User } from '@shared/schemas/auth';
import { createDragPresence } from '../../server/realtime/dragPresence';
import type { GatewaySocket } from '../../server/realtime/gateway';
import { applyDrag, createDragSender, pruneDrags, type Drags } from '../../client/src/live/drags';

const LOCATION = '11111111-1111-4111-8111-111111111111';
const DEAL = '22222222-2222-4222-8222-222222222222';
const OTHER_DEAL = '33333333-3333-4333-8333-333333333333';

interface FakeSocket {
  id: string;
  connected: boolean;
  data: { user: Pick<User, 'id' | 'name' | 'role' | 'locations'> };
  received: DragMessage[];
  /** Drags go volatile only: one that cannot go now is worth nothing later. */
  volatile: { emit: (event: string, message: DragMessage) => void };
}
const fakeSocket = (id: string, name: string): FakeSocket => {
  const socket: FakeSocket = {
    id,
    connected: true,
    data: { user: { id: `user-${id}`, name, role: 'admin', locations: [] } },
    received: [],
    volatile: { emit: (_event, message) => socket.received.push(message) },
  };
  return socket;
};

describe('drag presence on the server', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  const world = () => {
    const dana = fakeSocket('a', 'Dana Lee');
    const sam = fakeSocket('b', 'Sam Rivera');
    const located: string[] = [];
    const forwarded: DragMessage[] = [];
    const presence = createDragPresence({
      locate: async (dealId) => {
        located.push(dealId);
        return { location_id: LOCATION, stage: 'form_submitted' };
      },
      boardSockets: () => [dana, sam] as unknown as GatewaySocket[],
      forward: (_location, message) => forwarded.push(message),
      logger: pino({ level: 'silent' }),
      now: () => clock,
    });
    const drag = async (stage: string | null, deal = DEAL) => {
      presence.announce(dana as unknown as GatewaySocket, stage === null ? { deal_id: null } : { deal_id: deal, stage });
      await vi.advanceTimersByTimeAsync(0);
    };
    const advance = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { dana, sam, presence, drag, advance, located, forwarded };
  };

  it('given a drag just sent, when updates come faster than the gap, then only the latest goes out once the gap is up', async () => {
    const { dana, sam, drag, advance } = world();
    await drag('form_submitted');
    await advance(10);
    await drag('tour_booked');
    await advance(10);
    await drag('tour_completed');
    expect(sam.received.map((m) => m.stage)).toEqual(['form_submitted']);
    await advance(100);
    expect(sam.received.map((m) => m.stage)).toEqual(['form_submitted', 'tour_completed']);
    expect(dana.received).toEqual([]);
  });

  it('given a held-back update, when the user lets go, then the others hear the let go and never the stale column', async () => {
    const { sam, drag, advance } = world();
    await drag('form_submitted');
    await advance(10);
    await drag('tour_booked');
    await drag(null);
    await advance(200);
    expect(sam.received.map((m) => m.stage)).toEqual(['form_submitted', null]);
  });

  it('given a tab alternating between two cards, when it floods 2,000 messages over 2 s, then at most 10 relays a second go out and the others end where it did', async () => {
    const { sam, drag, advance, located, forwarded } = world();
    const stages = ['form_submitted', 'tour_booked', 'tour_completed'];
    const relayedAt: number[] = [];
    for (let n = 0; n < 2_000; n++) {
      await drag(stages[n % 3]!, n % 2 === 0 ? DEAL : OTHER_DEAL);
      while (relayedAt.length < forwarded.length) relayedAt.push(clock);
      await advance(1);
    }
    await advance(1_000);
    while (relayedAt.length < forwarded.length) relayedAt.push(clock);

    // One slot every DRAG_INTERVAL_MS, whatever the card: no 1-second window holds more than 10.
    expect(relayedAt.length).toBeGreaterThan(1);
    for (const [i, at] of relayedAt.entries()) expect(relayedAt.filter((t) => t >= at && t < at + 1_000).length, `relays from ${i}`).toBeLessThanOrEqual(10);
    // Every node hears exactly what this node's board hears.
    expect(forwarded).toEqual(sam.received);
    // The last message was the other card over 'tour_booked': that is what the others see; the first card let go.
    const last = new Map(sam.received.map((m) => [m.deal_id, m.stage]));
    expect(last.get(OTHER_DEAL)).toBe('tour_booked');
    expect(last.get(DEAL) ?? null).toBeNull();
    // A deal's place is asked for only when a slot shows a card, never once per message.
    expect(located.length).toBeLessThanOrEqual(sam.received.length);
  });

  it('given a drag, when the tab disconnects, then it is let go; a second disconnect says nothing more', async () => {
    const { dana, sam, presence, drag } = world();
    await drag('tour_booked');
    presence.disconnected(dana as unknown as GatewaySocket);
    presence.disconnected(dana as unknown as GatewaySocket);
    expect(sam.received.map((m) => [m.name, m.stage])).toEqual([
      ['Dana Lee', 'tour_booked'],
      ['Dana Lee', null],
    ]);
  });
});

describe('drag presence in the browser', () => {
  const message = (stage: DragMessage['stage'], user = 'u1'): DragMessage => ({ deal_id: 'd1', user_id: user, name: 'Dana Lee', stage });

  it('given nothing, when a drag arrives and then its let go, then the deal shows the dragger and then nobody', () => {
    const held = applyDrag({}, message('tour_booked'), 1_000);
    expect(held).toEqual({ d1: { user_id: 'u1', name: 'Dana Lee', stage: 'tour_booked', at: 1_000 } });
    expect(applyDrag(held, message(null), 1_100)).toEqual({});
  });

  it('given a drag by one user, when another user lets go of the same deal, then the first drag stays', () => {
    const held = applyDrag({}, message('tour_booked', 'u1'), 1_000);
    expect(applyDrag(held, message(null, 'u2'), 1_100)).toEqual(held);
  });

  it('given a drag not heard of for five seconds, when pruned, then it is gone; a fresh one stays', () => {
    const drags: Drags = {
      old: { user_id: 'u1', name: 'A', stage: 'tour_booked', at: 0 },
      fresh: { user_id: 'u2', name: 'B', stage: 'tour_booked', at: 4_000 },
    };
    expect(Object.keys(pruneDrags(drags, 5_000))).toEqual(['fresh']);
    expect(pruneDrags(drags, 1_000)).toBe(drags);
  });

  it('given a burst of updates, when sent, then the first goes at once, the latest after the interval, and a let go at once', () => {
    vi.useFakeTimers();
    try {
      const sent: unknown[] = [];
      const send = createDragSender((a) => sent.push(a), 100);
      send({ deal_id: 'd1', stage: 'form_submitted' });
      send({ deal_id: 'd1', stage: 'tour_booked' });
      send({ deal_id: 'd1', stage: 'tour_completed' });
      expect(sent).toEqual([{ deal_id: 'd1', stage: 'form_submitted' }]);
      vi.advanceTimersByTime(100);
      expect(sent).toEqual([
        { deal_id: 'd1', stage: 'form_submitted' },
        { deal_id: 'd1', stage: 'tour_completed' },
      ]);
      send({ deal_id: 'd1', stage: 'agreement_sent' });
      send({ deal_id: null });
      vi.advanceTimersByTime(500);
      expect(sent.slice(2)).toEqual([{ deal_id: null }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
