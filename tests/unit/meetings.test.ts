import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_LOCATIONS } from '@shared/constants';
import { MEETING_HIDDEN_CARD_Y, MEETING_POINTER_INTERVAL_MS, type MeetingMessage, type MeetingPointer, type MeetingView } from '@shared/realtime';
import { endedNotice, meetingReducer, NO_MEETING, type MeetingClientState } from '../../client/src/live/meetingState';
import { createPointerThrottle } from '../../client/src/live/meetings';
import { cardInView, fractionIn, pointIn } from '../../client/src/screens/deals/meeting/pointerPlacement';
import { followedLocation } from '../../client/src/screens/deals/meeting/followedLocation';
import { changeWords, summaryMarkdown, type MeetingChange } from '../../client/src/screens/deals/meeting/meetingChanges';
import { isNewer, mayFollow, offersFor, pointerFor, viewFor, type MeetingState } from '../../server/realtime/meetingScope';
import { BURST, createPointerSlots } from '../../server/realtime/meetingPointers';

const BROADWAY = '11111111-1111-4111-8111-111111111111';
const GREENPOINT = '22222222-2222-4222-8222-222222222222';
const DEAL = '33333333-3333-4333-8333-333333333333';
const CARD = '44444444-4444-4444-8444-444444444444';
const MEETING = '55555555-5555-4555-8555-555555555555';

const view = (over: Partial<MeetingView> = {}): MeetingView => ({ location: ALL_LOCATIONS, stage: 'all', search: '', view: 'pipeline', deal_id: null, card_id: null, ...over });
const message = (over: Partial<MeetingMessage> = {}): MeetingMessage => ({
  meeting_id: MEETING,
  role: 'follower',
  presenter_id: 'alex',
  presenter_name: 'Alex Morgan',
  started_at: '2026-05-01T09:00:00.000Z',
  view: view(),
  narrower: { locations: false, location: false, deal: false },
  ...over,
});

describe('the meeting state of a tab (meetingReducer)', () => {
  const offer = { meeting_id: MEETING, presenter_id: 'alex', presenter_name: 'Alex Morgan', started_at: '2026-05-01T09:00:00.000Z' };

  it('follows the presenter\'s filters, and keeps the very same state when only the card in view moved', () => {
    const asked = meetingReducer({ ...NO_MEETING, offers: [offer] }, { type: 'asked', pending: { kind: 'join', meeting_id: MEETING } });
    const joined = meetingReducer(asked, { type: 'meeting', message: message() });
    expect(joined.pending).toBeNull();
    expect(joined.current).toMatchObject({ meeting_id: MEETING, role: 'follower', presenter_name: 'Alex Morgan', view: { stage: 'all', view: 'pipeline' } });
    expect(joined.current!.view).not.toHaveProperty('card_id');

    // The card in view is scrolled to, never rendered: the state (and the board) stay as they were.
    const scrolled = meetingReducer(joined, { type: 'meeting', message: message({ view: view({ card_id: CARD }) }) });
    expect(scrolled).toBe(joined);

    const filtered = meetingReducer(scrolled, { type: 'meeting', message: message({ view: view({ stage: 'tour_booked', card_id: CARD }) }) });
    expect(filtered.current!.view.stage).toBe('tour_booked');
    // Only the banner's words changed: the view object stays, so the board does not render again.
    const narrower = meetingReducer(filtered, { type: 'meeting', message: message({ view: view({ stage: 'tour_booked' }), narrower: { locations: true, location: false, deal: false } }) });
    expect(narrower.current!.view).toBe(filtered.current!.view);
    expect(narrower.current!.narrower.locations).toBe(true);
  });

  it('ends: the tab\'s own meeting with a notice naming the presenter; another one only leaves the offers', () => {
    const following = meetingReducer({ ...NO_MEETING, offers: [offer] }, { type: 'meeting', message: message() });
    const other = meetingReducer(following, { type: 'ended', message: { meeting_id: CARD, reason: 'ended', started_at: null, ended_at: '2026-05-01T10:00:00.000Z', by_you: false } });
    expect(other.current).toBe(following.current);
    expect(other.ended).toBeNull();

    const ended = meetingReducer(following, { type: 'ended', message: { meeting_id: MEETING, reason: 'presenter_left', started_at: offer.started_at, ended_at: '2026-05-01T10:00:00.000Z', by_you: false } });
    expect(ended.current).toBeNull();
    expect(ended.offers).toEqual([]);
    expect(endedNotice(ended.ended!)).toBe('Alex Morgan left: the meeting ended.');
    expect(meetingReducer(ended, { type: 'dismissed' }).ended).toBeNull();
  });

  it('says why a join was refused, and nothing to the presenter who ended its own meeting (its summary speaks)', () => {
    const asked = meetingReducer({ ...NO_MEETING, offers: [offer] }, { type: 'asked', pending: { kind: 'join', meeting_id: MEETING } });
    const refused = meetingReducer(asked, { type: 'ended', message: { meeting_id: MEETING, reason: 'not_allowed', started_at: null, ended_at: 'x', by_you: false } });
    expect(refused.pending).toBeNull();
    expect(endedNotice(refused.ended!)).toBe("You cannot follow Alex Morgan's board: it shows a location you do not have access to.");

    const presenting: MeetingClientState = meetingReducer(NO_MEETING, { type: 'meeting', message: message({ role: 'presenter' }) });
    const mine = meetingReducer(presenting, { type: 'ended', message: { meeting_id: MEETING, reason: 'ended', started_at: offer.started_at, ended_at: 'later', by_you: true } });
    expect(mine.ended).toMatchObject({ by_you: true, started_at: offer.started_at, ended_at: 'later' });
    expect(endedNotice(mine.ended!)).toBeNull();
    expect(meetingReducer(presenting, { type: 'left' }).current).toBeNull();
  });
});

describe('pointer placement', () => {
  it('places a pointer on the same spot of a card on screens of different sizes', () => {
    const wide = { left: 100, top: 300, width: 300, height: 120 };
    const narrow = { left: 40, top: 900, width: 180, height: 90 };
    const at = fractionIn(wide, 100 + 225, 300 + 30);
    expect(at).toEqual({ x: 0.75, y: 0.25 });
    const layer = { left: 20, top: 100, width: 1000, height: 2000 };
    expect(pointIn(narrow, layer, at.x, at.y)).toEqual({ left: 40 - 20 + 135, top: 900 - 100 + 22.5 });
  });

  it('clamps a point outside the box to its edge, and takes the middle of an empty box', () => {
    expect(fractionIn({ left: 0, top: 0, width: 100, height: 100 }, -50, 250)).toEqual({ x: 0, y: 1 });
    expect(fractionIn({ left: 0, top: 0, width: 0, height: 0 }, 10, 10)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('finds the card nearest the middle of the screen, among those on it', () => {
    const viewport = { width: 1000, height: 800 };
    const cards = [
      { id: 'above', box: { left: 450, top: -300, width: 100, height: 80 } },
      { id: 'near', box: { left: 300, top: 380, width: 100, height: 80 } },
      { id: 'middle', box: { left: 460, top: 360, width: 100, height: 80 } },
    ];
    expect(cardInView(cards, viewport)).toBe('middle');
    expect(cardInView([cards[0]!], viewport)).toBeNull();
  });
});

describe('a tab\'s pointer throttle (20 a second)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first at once and then the latest once per interval, and a leaving pointer once', () => {
    const sent: (MeetingPointer | null)[] = [];
    const throttle = createPointerThrottle((p) => sent.push(p), MEETING_POINTER_INTERVAL_MS, () => Date.now());
    for (let i = 0; i < 100; i++) {
      throttle({ stage: 'tour_booked', card_id: null, x: i / 100, y: 0.5 });
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(MEETING_POINTER_INTERVAL_MS);
    // 1 s of moves: at most 20 a second, plus the first.
    expect(sent.length).toBeLessThanOrEqual(21);
    expect(sent.length).toBeGreaterThanOrEqual(19);
    expect(sent.at(-1)).toEqual({ stage: 'tour_booked', card_id: null, x: 0.99, y: 0.5 });
    throttle(null);
    throttle(null);
    vi.advanceTimersByTime(MEETING_POINTER_INTERVAL_MS);
    throttle(null);
    vi.advanceTimersByTime(MEETING_POINTER_INTERVAL_MS);
    expect(sent.filter((p) => p === null)).toHaveLength(1);
  });
});

describe('the server\'s pointer slots', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('relays one pointer per interval per socket on average (two saved up at most), the latest, and drops what a socket that left kept', () => {
    const relayed: { item: string; at: number }[] = [];
    const start = Date.now();
    const slots = createPointerSlots<string>({ intervalMs: 50, now: () => Date.now(), relay: (item) => relayed.push({ item, at: Date.now() - start }) });
    for (let i = 0; i < 40; i++) {
      slots.offer('a', `a${i}`);
      slots.offer('b', `b${i}`);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(100);
    const a = relayed.filter((r) => r.item.startsWith('a'));
    // 200 ms of offers every 5 ms: the two saved up at once, then one per 50 ms, the last offered last.
    expect(a.map((r) => r.item).slice(0, 2)).toEqual(['a0', 'a1']);
    expect(a.at(-1)!.item).toBe('a39');
    expect(a.length).toBeLessThanOrEqual(BURST + 200 / 50 + 1);
    expect(a.length).toBeGreaterThanOrEqual(200 / 50);
    const numbers = a.map((r) => Number(r.item.slice(1)));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    // After the burst, relays are at least an interval apart.
    for (let i = BURST + 1; i < a.length; i++) expect(a[i]!.at - a[i - 1]!.at).toBeGreaterThanOrEqual(49);

    // A tab at 20 Hz whose timer runs a little early is never held back.
    const steady: number[] = [];
    const paced = createPointerSlots<number>({ intervalMs: 50, now: () => Date.now(), relay: () => steady.push(Date.now()) });
    vi.advanceTimersByTime(1000);
    for (let i = 0; i < 20; i++) {
      const sent = Date.now();
      paced.offer('c', i);
      expect(steady.at(-1)).toBe(sent);
      vi.advanceTimersByTime(i % 2 === 0 ? 47 : 53);
    }

    slots.offer('a', 'late');
    slots.offer('a', 'later');
    slots.offer('a', 'latest');
    slots.forget('a');
    vi.advanceTimersByTime(100);
    expect(relayed.map((r) => r.item)).not.toContain('latest');
    slots.close();
    paced.close();
  });
});

describe('what each follower may see of a meeting (meetingScope)', () => {
  const meeting: MeetingState = {
    id: MEETING,
    revision: 3,
    owner: 'node-a',
    started_at: '2026-05-01T09:00:00.000Z',
    presenter: { id: 'alex', name: 'Alex Morgan', role: 'admin', locations: [] },
    view: view({ stage: 'tour_booked', deal_id: DEAL, card_id: CARD }),
    deal_location: GREENPOINT,
    card_location: BROADWAY,
  };
  const manager = { id: 'jordan', role: 'manager' as const, locations: [BROADWAY] };
  const viewer = { id: 'sam', role: 'viewer' as const, locations: [] };

  it('sends a follower the presenter\'s filters, never the id of a deal outside its locations', () => {
    expect(viewFor(viewer, meeting, 'follower')).toMatchObject({ view: meeting.view, narrower: { locations: false, location: false, deal: false } });
    const scoped = viewFor(manager, meeting, 'follower');
    expect(scoped.view).toEqual({ ...meeting.view, deal_id: null });
    expect(scoped.narrower).toEqual({ locations: true, location: false, deal: true });
    const elsewhere = viewFor(manager, { ...meeting, view: view({ location: GREENPOINT }) }, 'follower');
    expect(elsewhere.narrower.location).toBe(true);
  });

  it('offers a meeting to whoever may see the location its board shows, never to its presenter', () => {
    expect(mayFollow(manager, meeting)).toBe(true);
    expect(mayFollow(manager, { ...meeting, view: view({ location: GREENPOINT }) })).toBe(false);
    expect(mayFollow({ id: 'alex', role: 'admin', locations: [] }, meeting)).toBe(false);
    const later = { ...meeting, id: CARD, started_at: '2026-05-01T09:30:00.000Z', presenter: { ...meeting.presenter, id: 'sam', name: 'Sam Rivera' } };
    expect(offersFor(manager, [later, meeting]).map((o) => o.presenter_name)).toEqual(['Alex Morgan', 'Sam Rivera']);
  });

  it('shows a pointer over a card of a location the user does not see on its column only', () => {
    const pointer = { meeting_id: MEETING, user_id: 'alex', name: 'Alex Morgan', pointer: { stage: 'tour_booked' as const, card_id: DEAL, x: 0.3, y: 0.8 } };
    expect(pointerFor(viewer, pointer, GREENPOINT)).toBe(pointer);
    expect(pointerFor(manager, pointer, GREENPOINT).pointer).toEqual({ stage: 'tour_booked', card_id: null, x: 0.3, y: MEETING_HIDDEN_CARD_Y });
    expect(pointerFor(manager, pointer, BROADWAY)).toBe(pointer);
  });

  it('keeps the later revision of a meeting, the higher owner on a tie', () => {
    expect(isNewer({ ...meeting, revision: 4 }, meeting)).toBe(true);
    expect(isNewer({ ...meeting, revision: 2 }, meeting)).toBe(false);
    expect(isNewer({ ...meeting, owner: 'node-b' }, meeting)).toBe(true);
    expect(isNewer(meeting, undefined)).toBe(true);
  });
});

describe('a follower\'s board location', () => {
  const locations = { byId: { [BROADWAY]: { id: BROADWAY, name: '55 Broadway' } } } as never;
  it('shows the presenter\'s location when the follower sees it, and none of its deals otherwise', () => {
    expect(followedLocation(ALL_LOCATIONS, locations)).toEqual({ value: ALL_LOCATIONS, id: null, name: ALL_LOCATIONS, seen: true });
    expect(followedLocation(BROADWAY, locations)).toEqual({ value: BROADWAY, id: BROADWAY, name: '55 Broadway', seen: true });
    expect(followedLocation(GREENPOINT, locations)).toEqual({ value: GREENPOINT, id: GREENPOINT, name: ALL_LOCATIONS, seen: false });
  });
});

describe('the meeting summary', () => {
  const change = (over: Partial<MeetingChange>): MeetingChange => ({
    position: 1,
    at: '2026-05-01T09:05:00.000Z',
    user_name: 'Jordan Lee',
    deal_id: DEAL,
    deal_name: 'Acme Suite',
    kind: 'moved',
    from_stage: 'tour_booked',
    to_stage: 'tour_completed',
    changes: [],
    ...over,
  });

  it('says each change in words', () => {
    expect(changeWords(change({}))).toBe('Jordan Lee moved Acme Suite from Tour Booked to Tour Completed');
    expect(changeWords(change({ kind: 'created', from_stage: null, to_stage: 'form_submitted' }))).toBe('Jordan Lee added Acme Suite in Form Submitted');
    expect(changeWords(change({ kind: 'edited', changes: [{ field: 'offered_price', from: 1000, to: 1500 }] }))).toBe('Jordan Lee edited Acme Suite (Offered price)');
  });

  it('writes Markdown with the figures, who changed what, and the changes oldest first', () => {
    const summary = { moved: 1, created: 1, signed: 0, lost: 0, value_added: 4500, by_user: [{ user_name: 'Jordan Lee', changes: 2 }] };
    const text = summaryMarkdown(summary, [change({ position: 9 }), change({ position: 3, kind: 'created', from_stage: null, to_stage: 'form_submitted' })], { since: 'S', until: 'U' }, (iso) => iso.slice(11, 16) || iso);
    expect(text).toBe(
      [
        '## Pipeline meeting, S – U',
        '',
        '**1 moved · 1 new · 0 signed · 0 lost · $4,500 value added**',
        '',
        '### Who changed what',
        '',
        '- Jordan Lee: 2 changes',
        '',
        '### Changes',
        '',
        '- 09:05 Jordan Lee added Acme Suite in Form Submitted',
        '- 09:05 Jordan Lee moved Acme Suite from Tour Booked to Tour Completed',
        '',
      ].join('\n'),
    );
    expect(summaryMarkdown({ ...summary, moved: 0, created: 0, value_added: 0, by_user: [] }, [], { since: 'S', until: 'U' }, (s) => s)).toContain('No deal changed during the meeting.');
  });
});
