import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { canAccessLocation } from '@shared/domain/access';
import { ALL_LOCATIONS } from '@shared/constants';
import { MEETING_GRACE_MS, MEETING_HIDDEN_CARD_Y, MEETING_POINTER_INTERVAL_MS, type ServerToClientEvents, type MeetingEndReason, type MeetingPointer, type MeetingPointerMessage, type MeetingView } from '@shared/realtime';
import { MeetingIdInput, MeetingPointerUpdateInput, MeetingStartInput, MeetingViewUpdateInput } from '@shared/schemas/meetings';
import type { DealPlace } from './dealPlaces';
import type { GatewaySocket } from './gateway';
import { serial } from './limit';
import { isNewer, mayFollow, offersFor, pointerFor, scopeKey, viewFor, type MeetingState } from './meetingScope';
import { createPointerSlots } from './meetingPointers';
import { createPointerOutbox } from './meetingPointerOutbox';

/**
 * Meetings on the deal board: one tab presents what its board shows, others follow it, and
 * everyone's pointer shows on everyone's board. Ephemeral like presence and drags: never in the
 * event log, held in the nodes' memory.
 *
 * Every node holds every meeting (MeetingState, a few hundred bytes); the owner, the node of the
 * presenter's socket, sends it to the others on every change and every MEETING_BEAT_MS. Each node
 * delivers to its own sockets, each follower the meeting as its user may see it (meetingScope.ts):
 * the filters travel, never the deals. A presenter that disconnects has `graceMs` to come back
 * (to any node, which then owns the meeting); then the meeting ends. A node that stops beating
 * (killed) loses its meetings on the others after the same grace.
 */

/** How often the owner of a meeting tells the other nodes it still holds it. */
export const MEETING_BEAT_MS = 2_000;

export interface MeetingLink {
  node: string;
  send: {
    (event: 'meeting:state', message: { meeting: MeetingState }): void;
    (event: 'meeting:end', message: { meeting_id: string; reason: MeetingEndReason; ended_at: string }): void;
    (event: 'meeting:pointers', message: { pointers: ForwardedPointer[] }): void;
    (event: 'meeting:hello', message: { node: string }): void;
  };
}

/** A pointer passed to the other nodes, with the location of the card it is over (for their scoping). */
export interface ForwardedPointer {
  message: MeetingPointerMessage;
  card_location: string | null;
}

/** What a meeting sends to several of this node's sockets at once: encoded once, written to each. */
export type MeetingBroadcast = <E extends 'meeting' | 'meeting:pointer'>(socketIds: string[], event: E, message: Parameters<ServerToClientEvents[E]>[0], volatile: boolean) => void;

export interface MeetingsDeps {
  /** This node's sockets on the deal board. */
  boardSockets: () => GatewaySocket[];
  broadcast: MeetingBroadcast;
  locate: (dealId: string) => Promise<DealPlace | null>;
  link?: MeetingLink;
  node: string;
  logger: Logger;
  graceMs?: number;
  pointerIntervalMs?: number;
  now?: () => number;
}

export interface Meetings {
  start(socket: GatewaySocket, message: unknown): void;
  view(socket: GatewaySocket, message: unknown): void;
  join(socket: GatewaySocket, message: unknown): void;
  leave(socket: GatewaySocket, message: unknown): void;
  lead(socket: GatewaySocket, message: unknown): void;
  end(socket: GatewaySocket, message: unknown): void;
  pointer(socket: GatewaySocket, message: unknown): void;
  /** The socket's screen changed: on the board it is told the meetings it may follow. */
  screenChanged(socket: GatewaySocket, onBoard: boolean): void;
  disconnected(socket: GatewaySocket): void;
  /** Another node's messages. */
  heardState(meeting: MeetingState): void;
  heardEnd(message: { meeting_id: string; reason: MeetingEndReason; ended_at: string }): void;
  heardPointers(message: { pointers: ForwardedPointer[] }): void;
  heardHello(): void;
  close(): void;
}

interface Held {
  state: MeetingState;
  heardAt: number;
  /** This node's presenting socket (on the owner only). */
  presenter?: GatewaySocket;
  /** This node's followers. */
  followers: Map<string, GatewaySocket>;
  grace?: ReturnType<typeof setTimeout>;
  /** View changes are looked up and sent in the order the presenter made them. */
  inOrder: ReturnType<typeof serial>;
}

export function createMeetings(deps: MeetingsDeps): Meetings {
  const { boardSockets, broadcast, locate, link, node, logger, graceMs = MEETING_GRACE_MS, pointerIntervalMs = MEETING_POINTER_INTERVAL_MS, now = Date.now } = deps;
  const meetings = new Map<string, Held>();
  /** socket id -> the meeting it is in. */
  const memberOf = new Map<string, string>();
  const iso = () => new Date(now()).toISOString();

  const guarded =
    <A extends unknown[]>(what: string, action: (...args: A) => void | Promise<void>) =>
    (...args: A) => {
      try {
        const done = action(...args);
        if (done) done.catch((error: unknown) => logger.error({ err: error }, `meetings failed to ${what}`));
      } catch (error) {
        logger.error({ err: error }, `meetings failed to ${what}`);
      }
    };

  const members = (held: Held) => [...(held.presenter ? [held.presenter] : []), ...held.followers.values()];

  /** The board's tabs are told the meetings they may follow (each user's list computed once). */
  function offerAll() {
    const lists = new Map<string, ReturnType<typeof offersFor>>();
    for (const socket of boardSockets()) {
      const { user } = socket.data;
      const key = `${user.id}|${scopeKey(user)}`;
      let list = lists.get(key);
      if (!list) lists.set(key, (list = offersFor(user, [...meetings.values()].map((h) => h.state))));
      socket.emit('meetings', { meetings: list });
    }
  }

  /** This node's followers get the meeting as each may see it; one message per kind of user. */
  function deliver(held: Held) {
    const groups = new Map<string, { message: ReturnType<typeof viewFor>; ids: string[] }>();
    for (const socket of held.followers.values()) {
      const key = scopeKey(socket.data.user);
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { message: viewFor(socket.data.user, held.state, 'follower'), ids: [socket.id] });
    }
    for (const { message, ids } of groups.values()) broadcast(ids, 'meeting', message, false);
  }

  /**
   * Tells the other nodes the meeting as it stands: at once, or (a presenter changing its board
   * faster than 20 times a second) its latest state when the interval is up, so no tab can flood
   * the link between the nodes.
   */
  const shares = createPointerSlots<Held>({
    intervalMs: pointerIntervalMs,
    now,
    relay: (held) => {
      if (meetings.get(held.state.id) === held) link?.send('meeting:state', { meeting: held.state });
    },
  });
  function share(held: Held) {
    if (link) shares.offer(held.state.id, held);
  }

  function addFollower(held: Held, socket: GatewaySocket) {
    held.followers.set(socket.id, socket);
    memberOf.set(socket.id, held.state.id);
    socket.emit('meeting', viewFor(socket.data.user, held.state, 'follower'));
  }

  /** Takes the socket out of whatever meeting it is in, as a follower; a presenter ends its own. */
  function quit(socket: GatewaySocket) {
    const id = memberOf.get(socket.id);
    if (!id) return;
    memberOf.delete(socket.id);
    const held = meetings.get(id);
    if (!held) return;
    if (held.presenter?.id === socket.id) return finish(held, 'ended', socket);
    held.followers.delete(socket.id);
    pointers.forget(socket.id);
    hidePointer(held, socket);
  }

  function hidePointer(held: Held, socket: GatewaySocket) {
    const { user } = socket.data;
    relayPointer({ meeting_id: held.state.id, user_id: user.id, name: user.name, pointer: null }, null, true);
  }

  /** Ends the meeting on this node; `by` is the presenting tab that ended it. */
  function drop(held: Held, reason: MeetingEndReason, endedAt: string, by?: GatewaySocket) {
    meetings.delete(held.state.id);
    shares.forget(held.state.id);
    clearTimeout(held.grace);
    for (const socket of members(held)) {
      memberOf.delete(socket.id);
      pointers.forget(socket.id);
      socket.emit('meeting:ended', { meeting_id: held.state.id, reason, started_at: held.state.started_at, ended_at: endedAt, by_you: socket.id === by?.id });
    }
    offerAll();
  }

  function finish(held: Held, reason: MeetingEndReason, by?: GatewaySocket) {
    const endedAt = iso();
    drop(held, reason, endedAt, by);
    link?.send('meeting:end', { meeting_id: held.state.id, reason, ended_at: endedAt });
    logger.info({ meeting_id: held.state.id, reason }, 'meeting ended');
  }

  /** The places of the deal open and the card in view; either the presenter may not see is dropped. */
  async function placed(socket: GatewaySocket, view: MeetingView) {
    const where = async (id: string | null) => {
      if (id === null) return null;
      const place = await locate(id);
      return place && canAccessLocation(socket.data.user, place.location_id) ? place.location_id : null;
    };
    const [deal_location, card_location] = await Promise.all([where(view.deal_id), where(view.card_id)]);
    return {
      view: { ...view, deal_id: deal_location ? view.deal_id : null, card_id: card_location ? view.card_id : null },
      deal_location,
      card_location,
    };
  }

  const presents = (held: Held | undefined, socket: GatewaySocket): held is Held => held?.presenter?.id === socket.id && held.state.owner === node;

  /** The presenter's own tab is told it presents (after a start, a resume or taking the lead). */
  function tellPresenter(held: Held) {
    held.presenter?.emit('meeting', viewFor(held.presenter.data.user, held.state, 'presenter'));
  }

  async function start(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingStartInput.safeParse(message);
    if (!parsed.success || !socket.connected) return;
    const { user } = socket.data;
    const { view, meeting_id: resume } = parsed.data;
    if (view.location !== ALL_LOCATIONS && !canAccessLocation(user, view.location)) return;
    const resumed = resume ? meetings.get(resume) : undefined;
    if (resume && resumed?.state.presenter.id !== user.id) {
      // Gone (past its grace), or not this user's to present: nothing is resumed, nor started.
      socket.emit('meeting:ended', { meeting_id: resume, reason: 'not_found', started_at: null, ended_at: iso(), by_you: false });
      return;
    }
    if (resumed) {
      // Back within the grace (maybe through another node): this node owns the meeting now.
      if (memberOf.get(socket.id) !== resumed.state.id) quit(socket);
      clearTimeout(resumed.grace);
      resumed.grace = undefined;
      resumed.presenter = socket;
      resumed.followers.delete(socket.id);
      memberOf.set(socket.id, resumed.state.id);
      const places = await placed(socket, view);
      if (!socket.connected || meetings.get(resumed.state.id) !== resumed) return;
      resumed.state = { ...resumed.state, ...places, owner: node, revision: resumed.state.revision + 1 };
      resumed.heardAt = now();
      tellPresenter(resumed);
      deliver(resumed);
      share(resumed);
      return;
    }
    quit(socket);
    const places = await placed(socket, view);
    if (!socket.connected) return;
    const state: MeetingState = {
      id: randomUUID(),
      revision: 1,
      owner: node,
      started_at: iso(),
      presenter: { id: user.id, name: user.name, role: user.role, locations: user.locations },
      ...places,
    };
    const held: Held = { state, heardAt: now(), presenter: socket, followers: new Map(), inOrder: serial() };
    meetings.set(state.id, held);
    memberOf.set(socket.id, state.id);
    tellPresenter(held);
    share(held);
    offerAll();
    logger.info({ meeting_id: state.id, user_id: user.id }, 'meeting started');
  }

  function view(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingViewUpdateInput.safeParse(message);
    if (!parsed.success) return;
    const held = meetings.get(parsed.data.meeting_id);
    if (!presents(held, socket)) return;
    const next = parsed.data.view;
    if (next.location !== ALL_LOCATIONS && !canAccessLocation(socket.data.user, next.location)) return;
    void held.inOrder(async () => {
      const places = await placed(socket, next);
      if (!presents(meetings.get(held.state.id), socket)) return;
      const moved = held.state.view.location !== places.view.location;
      held.state = { ...held.state, ...places, revision: held.state.revision + 1 };
      deliver(held);
      share(held);
      if (moved) offerAll();
    }).catch((error: unknown) => logger.error({ err: error }, 'meetings failed to pass a view on'));
  }

  function join(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingIdInput.safeParse(message);
    if (!parsed.success || !socket.connected) return;
    const id = parsed.data.meeting_id;
    const held = meetings.get(id);
    const refuse = (reason: MeetingEndReason) => void socket.emit('meeting:ended', { meeting_id: id, reason, started_at: null, ended_at: iso(), by_you: false });
    if (!held) return refuse('not_found');
    if (held.presenter?.id === socket.id || held.followers.has(socket.id)) return;
    if (!mayFollow(socket.data.user, held.state)) return refuse('not_allowed');
    quit(socket);
    addFollower(held, socket);
  }

  function leave(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingIdInput.safeParse(message);
    if (!parsed.success || memberOf.get(socket.id) !== parsed.data.meeting_id) return;
    if (meetings.get(parsed.data.meeting_id)?.presenter?.id === socket.id) return;
    quit(socket);
  }

  function end(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingIdInput.safeParse(message);
    if (!parsed.success) return;
    const held = meetings.get(parsed.data.meeting_id);
    if (!presents(held, socket)) return;
    memberOf.delete(socket.id);
    finish(held, 'ended', socket);
  }

  /** A follower takes the lead; the presenter, on whichever node, follows from now on. */
  function lead(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingIdInput.safeParse(message);
    if (!parsed.success) return;
    const held = meetings.get(parsed.data.meeting_id);
    if (!held?.followers.has(socket.id)) return;
    const { user } = socket.data;
    // A board showing a location the new presenter does not see becomes its own board's All Locations.
    const location = held.state.view.location === ALL_LOCATIONS || canAccessLocation(user, held.state.view.location) ? held.state.view.location : ALL_LOCATIONS;
    const previous = held.presenter;
    held.followers.delete(socket.id);
    held.presenter = socket;
    clearTimeout(held.grace);
    held.grace = undefined;
    held.state = {
      ...held.state,
      owner: node,
      revision: held.state.revision + 1,
      presenter: { id: user.id, name: user.name, role: user.role, locations: user.locations },
      view: { ...held.state.view, location },
    };
    if (previous) held.followers.set(previous.id, previous);
    tellPresenter(held);
    deliver(held);
    share(held);
    offerAll();
  }

  const pointers = createPointerSlots<{ held: Held; socket: GatewaySocket; pointer: MeetingPointer | null }>({
    intervalMs: pointerIntervalMs,
    now,
    relay: ({ held, socket, pointer }) => {
      // Over a column (most of the time): nothing to look up, so it goes on at once.
      if (!pointer?.card_id) {
        const { user } = socket.data;
        return relayPointer({ meeting_id: held.state.id, user_id: user.id, name: user.name, pointer }, null, true);
      }
      sendPointer(held, socket, pointer).catch((error: unknown) => logger.error({ err: error }, 'meetings failed to pass a pointer on'));
    },
  });

  async function sendPointer(held: Held, socket: GatewaySocket, pointer: MeetingPointer | null) {
    const { user } = socket.data;
    let cardLocation: string | null = null;
    let shown = pointer;
    if (pointer?.card_id) {
      const place = await locate(pointer.card_id);
      cardLocation = place && canAccessLocation(user, place.location_id) ? place.location_id : null;
      if (!cardLocation) shown = { ...pointer, card_id: null, y: MEETING_HIDDEN_CARD_Y };
    }
    if (memberOf.get(socket.id) !== held.state.id) return;
    relayPointer({ meeting_id: held.state.id, user_id: user.id, name: user.name, pointer: shown }, cardLocation, true);
  }

  /** To this node's members of the meeting (never the pointer's own user), and to the other nodes. */
  function relayPointer(message: MeetingPointerMessage, cardLocation: string | null, forward: boolean) {
    const held = meetings.get(message.meeting_id);
    if (!held) return;
    const groups = new Map<string, { message: MeetingPointerMessage; ids: string[] }>();
    for (const socket of members(held)) {
      const { user } = socket.data;
      if (user.id === message.user_id) continue;
      const key = scopeKey(user);
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { message: pointerFor(user, message, cardLocation), ids: [socket.id] });
    }
    for (const { message: shown, ids } of groups.values()) broadcast(ids, 'meeting:pointer', shown, true);
    if (forward) outbox?.offer({ message, card_location: cardLocation });
  }

  const outbox = link ? createPointerOutbox(link, pointerIntervalMs, logger) : undefined;

  function pointer(socket: GatewaySocket, message: unknown) {
    const parsed = MeetingPointerUpdateInput.safeParse(message);
    if (!parsed.success) return;
    const held = meetings.get(parsed.data.meeting_id);
    if (!held || memberOf.get(socket.id) !== held.state.id) return;
    pointers.offer(socket.id, { held, socket, pointer: parsed.data.pointer });
  }

  function disconnected(socket: GatewaySocket) {
    const id = memberOf.get(socket.id);
    if (!id) return;
    const held = meetings.get(id);
    if (held?.presenter?.id !== socket.id) return quit(socket);
    // The presenter's tab went away: the meeting waits `graceMs` for it to come back.
    memberOf.delete(socket.id);
    pointers.forget(socket.id);
    hidePointer(held, socket);
    held.presenter = undefined;
    held.grace = setTimeout(guarded('end a meeting', () => {
      if (meetings.get(id) === held && !held.presenter && held.state.owner === node) finish(held, 'presenter_left');
    }), graceMs);
  }

  /** Another node's state of a meeting: this node's sockets follow it. */
  function heardState(state: MeetingState) {
    const held = meetings.get(state.id);
    if (held && !isNewer(state, held.state)) {
      if (held.state.revision === state.revision) held.heardAt = now();
      return;
    }
    if (!held) {
      meetings.set(state.id, { state, heardAt: now(), followers: new Map(), inOrder: serial() });
      offerAll();
      return;
    }
    const before = held.state;
    held.state = state;
    held.heardAt = now();
    if (state.owner !== node) {
      clearTimeout(held.grace);
      held.grace = undefined;
      // Someone else presents now (the lead taken on another node): this node's presenting tab follows.
      const previous = held.presenter;
      held.presenter = undefined;
      if (previous && previous.data.user.id !== state.presenter.id) addFollower(held, previous);
      else if (previous) memberOf.delete(previous.id);
    }
    deliver(held);
    if (before.presenter.id !== state.presenter.id || before.view.location !== state.view.location) offerAll();
  }

  function heardEnd({ meeting_id, reason, ended_at }: { meeting_id: string; reason: MeetingEndReason; ended_at: string }) {
    const held = meetings.get(meeting_id);
    if (held) drop(held, reason, ended_at);
  }

  /** Owners beat; meetings whose owner stopped beating (a node killed) end after the grace. */
  const beat = setInterval(
    guarded('beat', () => {
      for (const held of [...meetings.values()]) {
        if (held.state.owner === node) share(held);
        else if (now() - held.heardAt > graceMs + MEETING_BEAT_MS) drop(held, 'presenter_left', iso());
      }
    }),
    MEETING_BEAT_MS,
  );
  beat.unref();
  link?.send('meeting:hello', { node });

  return {
    start: guarded('start a meeting', start),
    view: guarded('change a view', view),
    join: guarded('join a meeting', join),
    leave: guarded('leave a meeting', leave),
    lead: guarded('hand the lead over', lead),
    end: guarded('end a meeting', end),
    pointer: guarded('pass a pointer on', pointer),
    screenChanged: guarded('offer meetings', (socket: GatewaySocket, onBoard: boolean) => {
      if (onBoard) socket.emit('meetings', { meetings: offersFor(socket.data.user, [...meetings.values()].map((h) => h.state)) });
    }),
    disconnected: guarded('handle a disconnect', disconnected),
    heardState: guarded('hear a meeting', heardState),
    heardEnd: guarded('hear a meeting end', heardEnd),
    heardPointers: guarded('hear pointers', ({ pointers: heard }: { pointers: ForwardedPointer[] }) => {
      for (const { message, card_location } of heard) relayPointer(message, card_location, false);
    }),
    heardHello: guarded('greet a node', () => {
      for (const held of meetings.values()) if (held.state.owner === node) share(held);
    }),
    close() {
      clearInterval(beat);
      outbox?.close();
      for (const held of meetings.values()) clearTimeout(held.grace);
      pointers.close();
      meetings.clear();
      memberOf.clear();
    },
  };
}
