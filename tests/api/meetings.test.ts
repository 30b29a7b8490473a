import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_POINTER_INTERVAL_MS } from '@shared/realtime';
import { BURST } from '../../server/realtime/meetingPointers';
import { boardView, meetingTab, type MeetingTab } from '../support/meetingSockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

/** Short, so the test waits for a presenter's grace in well under a second. */
const GRACE_MS = 400;

let w: OfficeWorld;
const open: MeetingTab[] = [];
beforeAll(async () => {
  w = await officeWorld({ meetingGraceMs: GRACE_MS });
});
afterAll(async () => {
  for (const tab of open) tab.close();
  await w?.server.stop();
});

async function tab(token: string, screen?: string) {
  const t = await meetingTab(w.server.url, token, screen);
  open.push(t);
  return t;
}

const newDeal = (locationName: string) => w.newDeal(locationName, 'Meeting');

/** Starts a meeting from `presenter` and waits until it presents; returns the meeting's id. */
async function present(presenter: MeetingTab, view = boardView()): Promise<string> {
  const before = presenter.states.length;
  presenter.send('meeting:start', { view });
  await presenter.when((t) => t.states.length > before && t.last()!.role === 'presenter', 'the presenter to present');
  return presenter.last()!.meeting_id;
}

const offered = (t: MeetingTab, id: string) => t.offers.at(-1)?.meetings.some((m) => m.meeting_id === id) ?? false;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('meetings on the deal board', () => {
  it('offers a meeting to the board, passes the presenter\'s view to followers, each within its own scope', async () => {
    const broadway = await newDeal('55 Broadway');
    const greenpoint = await newDeal('Greenpoint');
    const [admin, manager, viewer, elsewhere] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager), tab(w.tokens.viewer), tab(w.tokens.viewer, '/offices')]);
    const id = await present(admin);

    await manager.when((t) => offered(t, id), 'the manager to be offered the meeting');
    await viewer.when((t) => offered(t, id), 'the viewer to be offered the meeting');
    expect(manager.offers.at(-1)!.meetings).toEqual([{ meeting_id: id, presenter_id: w.users.admin.user.id, presenter_name: 'Alex Morgan', started_at: expect.any(String) }]);
    // The presenter is not offered its own meeting; a tab on another screen is offered nothing.
    expect(admin.offers.every((o) => o.meetings.length === 0)).toBe(true);
    expect(elsewhere.offers).toEqual([]);

    manager.send('meeting:join', { meeting_id: id });
    viewer.send('meeting:join', { meeting_id: id });
    await manager.when((t) => t.last()?.meeting_id === id, 'the manager to follow');
    // The manager sees two locations of all: the banner says its board shows only those.
    expect(manager.last()).toMatchObject({ role: 'follower', presenter_name: 'Alex Morgan', view: boardView(), narrower: { locations: true, location: false, deal: false } });

    admin.send('meeting:view', { meeting_id: id, view: boardView({ stage: 'tour_booked', search: 'acme', view: 'list', deal_id: greenpoint.id, card_id: broadway.id }) });
    await viewer.when((t) => t.last()?.view.stage === 'tour_booked', 'the viewer to follow the filters');
    await manager.when((t) => t.last()?.view.stage === 'tour_booked', 'the manager to follow the filters');
    // A deal of Greenpoint is open: the viewer sees which; the manager, who may not see it, never gets its id.
    expect(viewer.last()!.view).toEqual(boardView({ stage: 'tour_booked', search: 'acme', view: 'list', deal_id: greenpoint.id, card_id: broadway.id }));
    expect(manager.last()!.view).toEqual(boardView({ stage: 'tour_booked', search: 'acme', view: 'list', deal_id: null, card_id: broadway.id }));
    expect(manager.last()!.narrower.deal).toBe(true);
    expect(JSON.stringify(manager.states)).not.toContain(greenpoint.id);

    // The presenter picks Greenpoint: the manager's board shows none of it, and it is no longer offered the meeting.
    admin.send('meeting:view', { meeting_id: id, view: boardView({ location: w.loc('Greenpoint') }) });
    await manager.when((t) => t.last()?.narrower.location === true, 'the manager to be told the location is not its');
    await manager.when((t) => !offered(t, id), 'the offer to the manager to go');

    admin.send('meeting:end', { meeting_id: id });
    for (const follower of [manager, viewer]) await follower.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'ended' && !e.by_you), 'the end');
    await admin.when((t) => t.ended.some((e) => e.meeting_id === id && e.by_you), 'the presenter to be told it ended it');
    expect(admin.ended.at(-1)!.started_at).toBe(admin.states.at(-1)!.started_at);
  });

  it('refuses a meeting of a location the user may not see, and one that does not exist', async () => {
    const [admin, manager] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager)]);
    const id = await present(admin, boardView({ location: w.loc('Greenpoint') }));
    manager.send('meeting:join', { meeting_id: id });
    await manager.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'not_allowed'), 'the refusal');
    const missing = crypto.randomUUID();
    manager.send('meeting:join', { meeting_id: missing });
    await manager.when((t) => t.ended.some((e) => e.meeting_id === missing && e.reason === 'not_found'), 'not found');
    expect(manager.states).toEqual([]);
    expect(manager.offers.some((o) => o.meetings.some((m) => m.meeting_id === id))).toBe(false);
    admin.send('meeting:end', { meeting_id: id });
  });

  it('ends a meeting GRACE_MS after its presenter disconnects, and resumes it when the presenter comes back sooner', async () => {
    const [admin, viewer] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.viewer)]);
    const id = await present(admin);
    viewer.send('meeting:join', { meeting_id: id });
    await viewer.when((t) => t.last()?.meeting_id === id, 'the viewer to follow');

    // Gone and back within the grace: the meeting goes on, the followers never told it ended.
    admin.close();
    await pause(GRACE_MS / 4);
    const back = await tab(w.tokens.admin);
    back.send('meeting:start', { view: boardView({ stage: 'tour_completed' }), meeting_id: id });
    await back.when((t) => t.last()?.meeting_id === id && t.last()!.role === 'presenter', 'the presenter to resume');
    await viewer.when((t) => t.last()?.view.stage === 'tour_completed', 'the resumed view');
    await pause(GRACE_MS * 1.5);
    expect(viewer.ended).toEqual([]);

    // Gone for good: the followers are told once the grace is over, not before.
    const gone = Date.now();
    back.close();
    await pause(GRACE_MS / 2);
    expect(viewer.ended).toEqual([]);
    await viewer.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'presenter_left'), 'the end after the grace');
    expect(Date.now() - gone).toBeGreaterThanOrEqual(GRACE_MS - 20);
    // Not offered any more.
    const late = await tab(w.tokens.manager);
    await late.when((t) => t.offers.length > 0, 'the offers');
    expect(late.offers.at(-1)?.meetings.some((m) => m.meeting_id === id)).toBe(false);
    // Too late to resume (a tab reloaded after the grace): told it is gone, and no meeting starts.
    const reloaded = await tab(w.tokens.admin);
    reloaded.send('meeting:start', { view: boardView(), meeting_id: id });
    await reloaded.when((t) => t.ended.some((e) => e.meeting_id === id && e.reason === 'not_found'), 'the refusal to resume');
    // Another user may not resume someone else's meeting either.
    const other = await present(reloaded);
    late.send('meeting:start', { view: boardView(), meeting_id: other });
    await late.when((t) => t.ended.some((e) => e.meeting_id === other && e.reason === 'not_found'), 'the refusal to take it over');
    expect(reloaded.states.filter((s) => s.meeting_id === id)).toEqual([]);
    expect(late.states).toEqual([]);
    reloaded.send('meeting:end', { meeting_id: other });
  });

  it('hands the lead to a follower: it presents, the presenter follows', async () => {
    const [admin, viewer] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.viewer)]);
    const id = await present(admin);
    viewer.send('meeting:join', { meeting_id: id });
    await viewer.when((t) => t.last()?.role === 'follower', 'the viewer to follow');
    viewer.send('meeting:lead', { meeting_id: id });
    await viewer.when((t) => t.last()?.role === 'presenter', 'the viewer to present');
    await admin.when((t) => t.last()?.role === 'follower' && t.last()!.presenter_name === 'Sam Rivera', 'the admin to follow Sam');
    viewer.send('meeting:view', { meeting_id: id, view: boardView({ view: 'statistics' }) });
    await admin.when((t) => t.last()?.view.view === 'statistics', 'the admin to follow the view');
    // The former presenter may no longer change the view.
    admin.send('meeting:view', { meeting_id: id, view: boardView({ view: 'list' }) });
    viewer.send('meeting:end', { meeting_id: id });
    await admin.when((t) => t.ended.some((e) => e.meeting_id === id), 'the end');
    expect(admin.states.filter((s) => s.view.view === 'list')).toEqual([]);
  });

  it('shows pointers to the others, at most 20 a second each, a card only to those who may see its deal', async () => {
    const greenpoint = await newDeal('Greenpoint');
    const [admin, manager, viewer] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager), tab(w.tokens.viewer)]);
    const id = await present(admin);
    for (const t of [manager, viewer]) t.send('meeting:join', { meeting_id: id });
    await manager.when((t) => t.last()?.meeting_id === id, 'the manager to follow');
    await viewer.when((t) => t.last()?.meeting_id === id, 'the viewer to follow');

    // A tab flooding pointers: 200 in about half a second.
    const started = Date.now();
    for (let i = 0; i < 200; i++) {
      admin.send('meeting:pointer', { meeting_id: id, pointer: { stage: 'tour_booked', card_id: greenpoint.id, x: 0.5, y: i / 200 } });
      if (i % 20 === 19) await pause(50);
    }
    const finalY = 199 / 200;
    await viewer.when((t) => t.pointers.some((p) => p.pointer?.y === finalY), 'the last pointer to arrive');
    const spanMs = Date.now() - started;
    // One per interval on average, and the few a tab may save up.
    const allowed = Math.ceil(spanMs / MEETING_POINTER_INTERVAL_MS) + BURST + 1;
    expect(viewer.pointers.length).toBeGreaterThan(1);
    expect(viewer.pointers.length).toBeLessThanOrEqual(allowed);
    expect(viewer.pointers.at(-1)).toEqual({ meeting_id: id, user_id: w.users.admin.user.id, name: 'Alex Morgan', pointer: { stage: 'tour_booked', card_id: greenpoint.id, x: 0.5, y: finalY } });
    // The manager may not see the Greenpoint deal: only the column.
    await manager.when((t) => t.pointers.length > 0 && t.pointers.length === viewer.pointers.length, 'the manager to see the pointer');
    expect(manager.pointers.every((p) => p.pointer?.card_id === null && p.pointer.stage === 'tour_booked' && p.pointer.x === 0.5)).toBe(true);
    expect(JSON.stringify(manager.pointers)).not.toContain(greenpoint.id);
    // Never back to the pointer's own tab.
    expect(admin.pointers).toEqual([]);

    // A follower leaving takes its pointer away.
    viewer.send('meeting:pointer', { meeting_id: id, pointer: { stage: 'form_submitted', card_id: null, x: 0.1, y: 0.1 } });
    await admin.when((t) => t.pointers.some((p) => p.name === 'Sam Rivera' && p.pointer !== null), 'the viewer\'s pointer');
    viewer.send('meeting:leave', { meeting_id: id });
    await admin.when((t) => t.pointers.some((p) => p.name === 'Sam Rivera' && p.pointer === null), 'the viewer\'s pointer to go');
    admin.send('meeting:end', { meeting_id: id });
  });

  it('ignores messages a browser never sends and messages of meetings the tab is not in', async () => {
    const [admin, manager, viewer] = await Promise.all([tab(w.tokens.admin), tab(w.tokens.manager), tab(w.tokens.viewer)]);
    const hostile: [Parameters<MeetingTab['send']>[0], unknown][] = [
      ['meeting:start', null],
      ['meeting:start', 'x'],
      ['meeting:start', { view: boardView({ stage: 'nowhere' }) }],
      ['meeting:start', { view: boardView({ search: 'x'.repeat(5000) }) }],
      ['meeting:start', { view: boardView({ location: 'not-a-location' }) }],
      ['meeting:start', { view: { ...boardView(), extra: 1 } }],
      ['meeting:view', { meeting_id: 'x', view: boardView() }],
      ['meeting:join', { meeting_id: 42 }],
      ['meeting:join', [1, 2, 3]],
      ['meeting:lead', {}],
      ['meeting:end', { meeting_id: crypto.randomUUID() }],
      ['meeting:pointer', { meeting_id: crypto.randomUUID(), pointer: { stage: 'tour_booked', card_id: null, x: 2, y: -1 } }],
      ['meeting:pointer', { meeting_id: crypto.randomUUID(), pointer: { stage: 'tour_booked', card_id: null, x: Number.NaN, y: 0 } }],
    ];
    for (const [event, message] of hostile) manager.send(event, message);
    // A manager may not present a location it does not see.
    manager.send('meeting:start', { view: boardView({ location: w.loc('Greenpoint') }) });

    const id = await present(admin);
    viewer.send('meeting:join', { meeting_id: id });
    await viewer.when((t) => t.last()?.meeting_id === id, 'the viewer to follow');
    // Not in the meeting: neither its view, its pointers, its lead nor its end are the manager's to touch.
    manager.send('meeting:view', { meeting_id: id, view: boardView({ view: 'statistics' }) });
    manager.send('meeting:pointer', { meeting_id: id, pointer: { stage: 'tour_booked', card_id: null, x: 0.5, y: 0.5 } });
    manager.send('meeting:lead', { meeting_id: id });
    manager.send('meeting:end', { meeting_id: id });
    // A follower may not end it or change its view.
    viewer.send('meeting:end', { meeting_id: id });
    viewer.send('meeting:view', { meeting_id: id, view: boardView({ view: 'statistics' }) });
    // Then a real change: each socket's messages are handled in order, so it comes after all the above.
    admin.send('meeting:view', { meeting_id: id, view: boardView({ view: 'list' }) });
    await viewer.when((t) => t.last()?.view.view === 'list', 'the real change');
    expect(viewer.states.some((s) => s.view.view === 'statistics')).toBe(false);
    expect(viewer.ended).toEqual([]);
    expect(admin.pointers).toEqual([]);
    expect(manager.states).toEqual([]);
    expect(manager.socket.connected).toBe(true);
    expect(manager.offers.at(-1)!.meetings.map((m) => m.presenter_name)).toEqual(['Alex Morgan']);
    admin.send('meeting:end', { meeting_id: id });
  });
});
