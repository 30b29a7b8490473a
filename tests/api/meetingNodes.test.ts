import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/locations';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';
import { boardView, meetingTab, type MeetingTab } from '../support/meetingSockets';
import { startTwoNodes, type TwoNodes } from '../support/twoNodes';

/**
 * A meeting across two nodes of one deployment: the presenter's tab on node A, followers' tabs on
 * node B. Meetings are in no log: they cross between the nodes through socket.io's adapter, as
 * presence and drags do. The grace is shortened (MEETING_GRACE_MS) so its end is seen quickly.
 */
const GRACE_MS = 1_500;

let nodes: TwoNodes;
let apiA: Api;
let originA: string;
let originB: string;
let tokens: { admin: string; manager: string; viewer: string };
let greenpoint: string;
const open: MeetingTab[] = [];

beforeAll(async () => {
  nodes = await startTwoNodes('meetings', { MEETING_GRACE_MS: String(GRACE_MS) });
  originA = nodes.nodes[0].process.origin;
  originB = nodes.nodes[1].process.origin;
  apiA = apiClient(originA);
  const apiB = apiClient(originB);
  const [admin, manager, viewer] = await Promise.all([signIn(apiA, demoCredentials.admin), signIn(apiB, demoCredentials.manager), signIn(apiB, demoCredentials.viewer)]);
  tokens = { admin: admin.access_token, manager: manager.access_token, viewer: viewer.access_token };
  const locations = (await apiA<Location[]>('GET', '/api/locations', { token: tokens.admin })).body;
  greenpoint = locations.find((l) => l.name === 'Greenpoint')!.id;
}, 240_000);

afterAll(async () => {
  for (const tab of open) tab.close();
  await nodes?.stop();
});

async function tab(origin: string, token: string) {
  const t = await meetingTab(origin, token);
  open.push(t);
  return t;
}

describe('a meeting across two nodes', () => {
  it('is offered, followed, pointed at and handed over across nodes, each follower within its scope, and ends after the grace when its presenter goes', async () => {
    const deal = await apiA('POST', '/api/deals', {
      token: tokens.admin,
      body: { deal_name: 'Two Node Meeting', company_name: 'Two Node Co', contact: { name: 'Pat Doe', email: 'pat@nodes.example' }, location_id: greenpoint, offered_price: 1200 },
    });
    expect(deal.status, deal.text).toBe(201);
    const dealId = (deal.body as { id: string }).id;

    const presenter = await tab(originA, tokens.admin);
    const [viewer, manager] = await Promise.all([tab(originB, tokens.viewer), tab(originB, tokens.manager)]);
    presenter.send('meeting:start', { view: boardView() });
    await presenter.when((t) => t.last()?.role === 'presenter', 'the presenter to present');
    const id = presenter.last()!.meeting_id;

    // Offered on the other node, and followed from there.
    for (const t of [viewer, manager]) {
      await t.when((x) => x.offers.at(-1)?.meetings.some((m) => m.meeting_id === id) ?? false, 'the offer on node B');
      t.send('meeting:join', { meeting_id: id });
      await t.when((x) => x.last()?.meeting_id === id, 'following on node B');
    }

    // The presenter's board on node A; the followers' on node B, each as it may see it.
    presenter.send('meeting:view', { meeting_id: id, view: boardView({ stage: 'tour_booked', view: 'list', deal_id: dealId }) });
    await viewer.when((t) => t.last()?.view.view === 'list', 'the viewer to follow the view');
    await manager.when((t) => t.last()?.view.view === 'list', 'the manager to follow the view');
    expect(viewer.last()!.view).toEqual(boardView({ stage: 'tour_booked', view: 'list', deal_id: dealId }));
    expect(manager.last()!.view.deal_id).toBeNull();
    expect(manager.last()!.narrower).toEqual({ locations: true, location: false, deal: true });
    expect(JSON.stringify(manager.states)).not.toContain(dealId);

    // Pointers both ways; a card the manager may not see reaches it as its column only.
    presenter.send('meeting:pointer', { meeting_id: id, pointer: { stage: 'form_submitted', card_id: dealId, x: 0.25, y: 0.75 } });
    await viewer.when((t) => t.pointers.some((p) => p.pointer?.card_id === dealId), 'the pointer on node B');
    await manager.when((t) => t.pointers.some((p) => p.name === 'Alex Morgan' && p.pointer !== null), 'the pointer for the manager');
    expect(manager.pointers.every((p) => p.pointer?.card_id !== dealId)).toBe(true);
    viewer.send('meeting:pointer', { meeting_id: id, pointer: { stage: 'tour_booked', card_id: null, x: 0.5, y: 0.5 } });
    await presenter.when((t) => t.pointers.some((p) => p.name === 'Sam Rivera' && p.pointer?.stage === 'tour_booked'), 'the pointer on node A');

    // The lead taken on node B: the presenter on node A follows it.
    viewer.send('meeting:lead', { meeting_id: id });
    await viewer.when((t) => t.last()?.role === 'presenter', 'the viewer to present');
    await presenter.when((t) => t.last()?.role === 'follower' && t.last()!.presenter_name === 'Sam Rivera', 'node A to follow Sam');
    viewer.send('meeting:view', { meeting_id: id, view: boardView({ view: 'statistics' }) });
    await presenter.when((t) => t.last()?.view.view === 'statistics', 'node A to follow the view');
    await manager.when((t) => t.last()?.presenter_name === 'Sam Rivera' && t.last()!.view.view === 'statistics', 'the manager to follow Sam');

    // The presenter's tab on node B goes: after the grace, and not before, the meeting ends on both nodes.
    const gone = Date.now();
    viewer.close();
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS / 2));
    expect(presenter.ended).toEqual([]);
    await presenter.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'presenter_left'), 'the end on node A', 10_000);
    await manager.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'presenter_left'), 'the end on node B', 10_000);
    expect(Date.now() - gone).toBeGreaterThanOrEqual(GRACE_MS - 50);
  });
});
