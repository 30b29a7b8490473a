import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOARD_SCREEN, DRAG_INTERVAL_MS, type DragMessage } from '@shared/realtime';
import { listen, type Listener } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
const open: Listener[] = [];
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  for (const listener of open) listener.close();
  await w?.server.stop();
});

/** A tab of the user holding `token`, connected and showing `screen`. */
async function tab(token: string, screen: string | null = BOARD_SCREEN): Promise<Listener> {
  const listener = listen(w.server.url, { token });
  open.push(listener);
  await listener.ready;
  listener.announce({ screen });
  if (screen) await listener.untilPresence((m) => m.some((x) => x.screen === screen), `presence on ${screen}`);
  return listener;
}

const newDeal = (locationName: string) => w.newDeal(locationName, 'Drag');

const about = (listener: Listener, dealId: string) => listener.drags.filter((d) => d.deal_id === dealId);
const until = (listener: Listener, what: string, predicate: (drags: DragMessage[]) => boolean) => listener.untilDrags(predicate, what);

describe('drag presence', () => {
  it('shows a drag to the board tabs that may see the deal, and its end, but not to the dragger or another screen', async () => {
    const broadway = await newDeal('55 Broadway');
    const greenpoint = await newDeal('Greenpoint');
    const [admin, adminAgain, manager, managerElsewhere, viewer] = await Promise.all([
      tab(w.tokens.admin),
      tab(w.tokens.admin),
      tab(w.tokens.manager),
      tab(w.tokens.manager, '/offices'),
      tab(w.tokens.viewer),
    ]);
    const me = { user_id: expect.any(String), name: 'Alex Morgan' };

    admin.drag({ deal_id: broadway.id, stage: 'form_submitted' });
    await until(manager, 'the manager to see the drag', (d) => d.some((x) => x.deal_id === broadway.id));
    await until(viewer, 'the viewer to see the drag', (d) => d.some((x) => x.deal_id === broadway.id));
    expect(about(manager, broadway.id)).toEqual([{ deal_id: broadway.id, ...me, stage: 'form_submitted' }]);

    // Over another column: the new place follows (the server lets one update through per ~100 ms).
    await new Promise((resolve) => setTimeout(resolve, 120));
    admin.drag({ deal_id: broadway.id, stage: 'tour_booked' });
    await until(manager, 'the new column', (d) => d.some((x) => x.stage === 'tour_booked'));

    admin.drag({ deal_id: null });
    await until(manager, 'the let go', (d) => d.some((x) => x.deal_id === broadway.id && x.stage === null));
    await until(viewer, 'the let go', (d) => d.some((x) => x.deal_id === broadway.id && x.stage === null));

    // A deal of a location the manager may not see: the viewer hears of it, the manager never.
    admin.drag({ deal_id: greenpoint.id, stage: 'form_submitted' });
    await until(viewer, 'the Greenpoint drag', (d) => d.some((x) => x.deal_id === greenpoint.id));
    admin.drag({ deal_id: null });
    await until(viewer, 'the Greenpoint drag and its end', (d) => d.some((x) => x.deal_id === greenpoint.id && x.stage === null));
    expect(about(manager, greenpoint.id)).toEqual([]);

    expect(adminAgain.drags).toEqual([]);
    expect(managerElsewhere.drags).toEqual([]);
    expect(admin.drags).toEqual([]);
  });

  it('ignores drags a user may not make and messages a browser never sends', async () => {
    const open = await newDeal('55 Broadway');
    const lost = await newDeal('55 Broadway');
    const closed = await w.api('PATCH', `/api/deals/${lost.id}/stage`, { token: w.tokens.admin, body: { stage: 'close_lost' } });
    expect(closed.status, closed.text).toBe(200);
    const [admin, viewer, manager] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.viewer), tab(w.tokens.manager)]);

    // A viewer cannot move deals, so cannot be seen dragging one.
    viewer.drag({ deal_id: open.id, stage: 'tour_booked' });
    viewer.drag({ deal_id: null });
    // Nonsense, an unknown deal, a closed deal: all ignored, the socket stays.
    for (const message of [null, 'x', { deal_id: 'not-a-uuid', stage: 'tour_booked' }, { deal_id: open.id, stage: 'nowhere' }, { deal_id: open.id, stage: 'tour_booked', extra: 1 }]) {
      admin.drag(message);
    }
    admin.drag({ deal_id: crypto.randomUUID(), stage: 'tour_booked' });
    admin.drag({ deal_id: lost.id, stage: 'close_lost' });
    // Then a real drag: each socket's messages are handled in order, so it comes after all the above.
    admin.drag({ deal_id: open.id, stage: 'tour_completed' });
    await until(manager, 'the real drag', (d) => d.some((x) => x.deal_id === open.id && x.stage === 'tour_completed'));
    // The viewer's own attempt never reached anyone; the admin's only real drag did.
    expect(manager.drags.filter((x) => x.name === 'Sam Rivera')).toEqual([]);
    expect(manager.drags.filter((x) => x.name === 'Alex Morgan')).toEqual([
      { deal_id: open.id, user_id: expect.any(String), name: 'Alex Morgan', stage: 'tour_completed' },
    ]);
    expect(admin.socket.connected).toBe(true);
  });

  it('relays a tab flooding drags of two cards in turn at most 10 times a second, reading each deal once', async ({ annotate }) => {
    const [first, second] = [await newDeal('55 Broadway'), await newDeal('55 Broadway')];
    const [admin, manager] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager)]);
    const arrivals: number[] = [];
    manager.socket.on('dragging', () => arrivals.push(Date.now()));
    const reads = vi.spyOn(w.server.deps.sql, 'unsafe');
    const stages = ['form_submitted', 'tour_booked', 'tour_completed'] as const;

    // 2,000 messages at once, back and forth between the two cards; the last: the second card over a column of its own.
    for (let n = 0; n < 1_999; n++) admin.drag({ deal_id: (n % 2 === 0 ? first : second).id, stage: stages[n % 3] });
    admin.drag({ deal_id: second.id, stage: 'agreement_sent' });
    await until(manager, 'where the flood ended', (d) => d.at(-1)?.deal_id === second.id && d.at(-1)?.stage === 'agreement_sent');
    const dealReads = reads.mock.calls.filter(([query]) => String(query).includes('FROM deals WHERE id')).length;
    reads.mockRestore();

    // One relay per DRAG_INTERVAL_MS at most from the first on (one more for the network's jitter).
    const span = arrivals.at(-1)! - arrivals[0]!;
    expect(manager.drags.length).toBeLessThanOrEqual(2 + Math.floor(span / DRAG_INTERVAL_MS));
    // Each card's place read once at most, not once per message.
    expect(dealReads).toBeLessThanOrEqual(2);
    await annotate(`2,000 messages: ${manager.drags.length} relays over ${span} ms, ${dealReads} reads of a deal's place`);
  });

  it("knows a card closed since it was last dragged: the log keeps the deals' places current", async () => {
    const deal = await newDeal('55 Broadway');
    const [admin, manager] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager)]);
    admin.drag({ deal_id: deal.id, stage: 'tour_booked' });
    await until(manager, 'the drag', (d) => d.some((x) => x.deal_id === deal.id && x.stage === 'tour_booked'));
    admin.drag({ deal_id: null });
    await until(manager, 'the let go', (d) => d.some((x) => x.deal_id === deal.id && x.stage === null));

    const closed = await w.api('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.admin, body: { stage: 'close_lost' } });
    expect(closed.status, closed.text).toBe(200);
    await w.settled();
    const other = await newDeal('55 Broadway');
    await w.settled();
    admin.drag({ deal_id: deal.id, stage: 'tour_completed' });
    // Its slot comes and goes (a closed card is refused), then an open card is dragged.
    await new Promise((resolve) => setTimeout(resolve, 3 * DRAG_INTERVAL_MS));
    admin.drag({ deal_id: other.id, stage: 'tour_completed' });
    await until(manager, 'the drag of the open card', (d) => d.some((x) => x.deal_id === other.id));
    expect(about(manager, deal.id).map((x) => x.stage)).toEqual(['tour_booked', null]);
  });

  it('lets go of a drag when the dragging tab disconnects', async () => {
    const deal = await newDeal('60 Broad');
    const [admin, manager] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager)]);
    admin.drag({ deal_id: deal.id, stage: 'tour_booked' });
    await until(manager, 'the drag', (d) => d.some((x) => x.deal_id === deal.id && x.stage === 'tour_booked'));
    admin.close();
    await until(manager, 'the let go after the disconnect', (d) => d.some((x) => x.deal_id === deal.id && x.stage === null));
  });
});
