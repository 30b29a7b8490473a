import type { Logger } from 'pino';
import { MAX_SCREEN_LENGTH, type PresenceAnnouncement, type PresenceViewer } from '@shared/realtime';
import { NODE_BEAT_MS, NODE_EXPIRES_MS, type InterServerEvents } from './cluster';
import type { GatewayServer, GatewaySocket } from './gateway';

/**
 * Presence: who is looking at which screen right now. It is ephemeral: it lives in the nodes'
 * memory only and is never written to the event log.
 *
 * Each screen is a socket.io room `screen:<path>`, apart from the permission rooms of rooms.ts
 * (those names never start with `screen:`, and no `change` is ever sent to a screen room). A
 * socket is on at most one screen; whenever the distinct users on a screen (or one of their
 * names) change, the new list goes to every socket on that screen.
 *
 * Several nodes: each node holds its own sockets and tells the others (cluster.ts) its viewers
 * of a screen when they change, and all of them every STATE_MS (which mends whatever a message
 * lost on the way left wrong). A screen's list is the union of every node's. Each node also beats
 * every NODE_BEAT_MS; a node not heard of for NODE_EXPIRES_MS (it died without a word) drops out
 * within about 2.5 s, and its users' tabs reconnect to another node and announce themselves again.
 */

/** How often a node sends its whole presence. */
const STATE_MS = 5_000;

/** The link to the other nodes; absent when this node runs alone. */
export interface PresenceLink {
  node: string;
  send<E extends keyof InterServerEvents>(event: E, ...args: Parameters<InterServerEvents[E]>): void;
  on<E extends keyof InterServerEvents>(event: E, listener: InterServerEvents[E]): void;
}

const SCREEN_ROOM_PREFIX = 'screen:';
export const screenRoom = (screen: string) => `${SCREEN_ROOM_PREFIX}${screen}`;
export const isScreenRoom = (room: string) => room.startsWith(SCREEN_ROOM_PREFIX);

/**
 * A valid announcement, or undefined for anything else: `{ screen: null }` or `{ screen }` with
 * a string of 1..MAX_SCREEN_LENGTH characters starting with '/'.
 */
export function parseAnnouncement(message: unknown): PresenceAnnouncement | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  if (!Object.hasOwn(message, 'screen')) return undefined;
  const screen: unknown = (message as { screen: unknown }).screen;
  if (screen === null) return { screen: null };
  if (typeof screen !== 'string' || screen.length < 1 || screen.length > MAX_SCREEN_LENGTH) return undefined;
  if (!screen.startsWith('/')) return undefined;
  return { screen };
}

const byName = (a: PresenceViewer, b: PresenceViewer) =>
  a.name.localeCompare(b.name, 'en') || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0);

export interface Presence {
  /** A socket's `presence` message; anything invalid is ignored. Never throws. */
  announce(socket: GatewaySocket, message: unknown): void;
  /** A socket disconnected: it leaves its screen. */
  disconnected(socket: GatewaySocket): void;
  /** A user's record changed (its sockets' `data.user` already updated): republish its screens. */
  userChanged(userId: string): void;
  /** Stops publishing (the gateway is closing). */
  close(): void;
}

/** The viewers of `lists` together, one entry per user, in name order. Pure. */
export function mergeViewers(lists: Iterable<PresenceViewer[]>): PresenceViewer[] {
  const names = new Map<string, string>();
  for (const list of lists) for (const viewer of list) names.set(viewer.user_id, viewer.name);
  return [...names].map(([user_id, name]) => ({ user_id, name })).sort(byName);
}

export function createPresence(io: GatewayServer, logger: Logger, link?: PresenceLink, now: () => number = Date.now): Presence {
  /** socket id -> the screen it is on. */
  const screenOf = new Map<string, string>();
  /** screen -> its sockets by id. */
  const socketsOn = new Map<string, Map<string, GatewaySocket>>();
  /** screen -> the viewer list last sent to its room (JSON), so an unchanged list is not resent. */
  const lastSent = new Map<string, string>();
  let closed = false;

  /** Other nodes: when each was last heard of, and its viewers per screen. */
  const remote = new Map<string, { at: number; screens: Map<string, PresenceViewer[]> }>();

  /** This node's own viewers of `screen`. */
  function localViewers(screen: string): PresenceViewer[] {
    return mergeViewers([[...(socketsOn.get(screen)?.values() ?? [])].map((s) => ({ user_id: s.data.user.id, name: s.data.user.name }))]);
  }

  function viewers(screen: string): PresenceViewer[] {
    const lists = [localViewers(screen)];
    for (const node of remote.values()) lists.push(node.screens.get(screen) ?? []);
    return mergeViewers(lists);
  }

  /** Tells the other nodes this node's viewers of `screen`. */
  function share(screen: string) {
    link?.send('presence:screen', { node: link.node, screen, viewers: localViewers(screen) });
  }

  function shareAll() {
    if (!link || closed) return;
    const screens: Record<string, PresenceViewer[]> = {};
    for (const screen of socketsOn.keys()) screens[screen] = localViewers(screen);
    link.send('presence:state', { node: link.node, screens });
  }

  /** The node is alive. One not known (new, or dropped while silent) is asked for its state. */
  function alive(node: string) {
    const entry = remote.get(node);
    if (entry) entry.at = now();
    else link?.send('presence:hello', { node: link.node });
  }

  /** A node's list of a screen, or its whole state, replaces what was held of it. */
  function heard(node: string, screens: [string, PresenceViewer[]][], whole: boolean) {
    let entry = remote.get(node);
    if (!entry) {
      remote.set(node, (entry = { at: now(), screens: new Map() }));
      // One screen of a node not known: the rest of its state is asked for.
      if (!whole) link?.send('presence:hello', { node: link.node });
    }
    entry.at = now();
    const touched = new Set(screens.map(([screen]) => screen));
    if (whole) for (const screen of entry.screens.keys()) touched.add(screen);
    if (whole) entry.screens.clear();
    for (const [screen, list] of screens) entry.screens.set(screen, list);
    for (const screen of touched) publish(screen);
  }

  /** Nodes not heard of for NODE_EXPIRES_MS leave every list they were on. */
  function expire() {
    for (const [node, entry] of remote) {
      if (now() - entry.at < NODE_EXPIRES_MS) continue;
      remote.delete(node);
      for (const screen of entry.screens.keys()) publish(screen);
    }
  }

  /** Sends the screen's list to its room if it changed; true when it was sent. */
  function publish(screen: string): boolean {
    const sockets = socketsOn.get(screen);
    if (!sockets || sockets.size === 0) {
      socketsOn.delete(screen);
      lastSent.delete(screen);
      return false;
    }
    const list = viewers(screen);
    const key = JSON.stringify(list);
    if (lastSent.get(screen) === key) return false;
    lastSent.set(screen, key);
    // This node's sockets only: every node publishes the same list to its own.
    if (!closed) io.local.to(screenRoom(screen)).emit('presence', { screen, viewers: list });
    return true;
  }

  /** Takes the socket off its screen; returns that screen, if any. */
  function leave(socket: GatewaySocket): string | undefined {
    const screen = screenOf.get(socket.id);
    if (screen === undefined) return undefined;
    screenOf.delete(socket.id);
    socketsOn.get(screen)?.delete(socket.id);
    socket.leave(screenRoom(screen));
    return screen;
  }

  function announce(socket: GatewaySocket, message: unknown) {
    const announcement = parseAnnouncement(message);
    if (!announcement || closed || !socket.connected) return;
    const { screen } = announcement;
    const current = screenOf.get(socket.id);
    if (screen !== null && screen === current) {
      // Announced again: nothing changes for the others; the socket gets the list once more.
      socket.emit('presence', { screen, viewers: viewers(screen) });
      return;
    }
    const left = leave(socket);
    if (left !== undefined) changed(left);
    if (screen === null) return;

    screenOf.set(socket.id, screen);
    let sockets = socketsOn.get(screen);
    if (!sockets) socketsOn.set(screen, (sockets = new Map()));
    sockets.set(socket.id, socket);
    socket.join(screenRoom(screen));
    // The room broadcast includes the newcomer; when the list did not change (another tab of a
    // user already there), the newcomer alone is told.
    if (!publish(screen)) socket.emit('presence', { screen, viewers: viewers(screen) });
    share(screen);
  }

  /** This node's viewers of `screen` changed: its sockets and the other nodes are told. */
  function changed(screen: string) {
    publish(screen);
    share(screen);
  }

  const guarded =
    <A extends unknown[]>(what: string, action: (...args: A) => void) =>
    (...args: A) => {
      try {
        action(...args);
      } catch (error) {
        logger.error({ err: error }, `presence failed to ${what}`);
      }
    };

  let lastBeat = now();
  const beat = setInterval(
    guarded('beat', () => {
      if (!link || closed) return;
      link.send('presence:beat', { node: link.node });
      // This node's own timer late (its event loop was busy): the others' beats may be waiting
      // unread behind it, so their silence proves nothing this time.
      const late = now() - lastBeat > 2 * NODE_BEAT_MS;
      lastBeat = now();
      if (!late) expire();
    }),
    NODE_BEAT_MS,
  );
  beat.unref();
  const state = setInterval(guarded('share the state', shareAll), STATE_MS);
  state.unref();
  if (link) {
    link.on('presence:beat', guarded('hear a beat', ({ node }) => alive(node)));
    link.on('presence:screen', guarded('hear a screen', ({ node, screen, viewers: list }) => heard(node, [[screen, list]], false)));
    link.on('presence:state', guarded('hear a state', ({ node, screens }) => heard(node, Object.entries(screens), true)));
    link.on('presence:hello', guarded('greet a node', () => shareAll()));
    link.send('presence:hello', { node: link.node });
  }

  return {
    announce: guarded('handle an announcement', announce),
    disconnected: guarded('handle a disconnect', (socket: GatewaySocket) => {
      const left = leave(socket);
      if (left !== undefined) changed(left);
    }),
    userChanged: guarded('handle a user change', (userId: string) => {
      for (const [screen, sockets] of socketsOn) {
        for (const socket of sockets.values()) {
          if (socket.data.user.id !== userId) continue;
          changed(screen);
          break;
        }
      }
    }),
    close() {
      closed = true;
      clearInterval(beat);
      clearInterval(state);
      remote.clear();
      screenOf.clear();
      socketsOn.clear();
      lastSent.clear();
    },
  };
}
