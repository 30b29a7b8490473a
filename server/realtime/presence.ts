import type { Logger } from 'pino';
import { MAX_SCREEN_LENGTH, type PresenceAnnouncement, type PresenceViewer } from '@shared/realtime';
import type { GatewayServer, GatewaySocket } from './gateway';

/**
 * Presence: who is looking at which screen right now. It is ephemeral: it lives in this
 * process's memory only and is never written to the event log.
 *
 * Each screen is a socket.io room `screen:<path>`, apart from the permission rooms of rooms.ts
 * (those names never start with `screen:`, and no `change` is ever sent to a screen room). A
 * socket is on at most one screen; whenever the distinct users on a screen (or one of their
 * names) change, the new list goes to every socket on that screen.
 *
 * Single instance only. Several instances behind a load balancer would need a shared socket.io
 * adapter (e.g. @socket.io/redis-adapter or @socket.io/postgres-adapter) so that a broadcast to
 * `screen:<path>` reaches the sockets held by the other instances, and a shared viewer list in
 * place of the maps below: either computed through the adapter (`io.in(room).fetchSockets()`,
 * which then returns remote sockets with their `data.user`) or kept in a shared store with
 * expiry, since an instance that dies never sends its sockets' leaves.
 */

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

export function createPresence(io: GatewayServer, logger: Logger): Presence {
  /** socket id -> the screen it is on. */
  const screenOf = new Map<string, string>();
  /** screen -> its sockets by id. */
  const socketsOn = new Map<string, Map<string, GatewaySocket>>();
  /** screen -> the viewer list last sent to its room (JSON), so an unchanged list is not resent. */
  const lastSent = new Map<string, string>();
  let closed = false;

  function viewers(screen: string): PresenceViewer[] {
    const names = new Map<string, string>();
    for (const socket of socketsOn.get(screen)?.values() ?? []) names.set(socket.data.user.id, socket.data.user.name);
    return [...names].map(([user_id, name]) => ({ user_id, name })).sort(byName);
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
    if (!closed) io.to(screenRoom(screen)).emit('presence', { screen, viewers: list });
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
    if (left !== undefined) publish(left);
    if (screen === null) return;

    screenOf.set(socket.id, screen);
    let sockets = socketsOn.get(screen);
    if (!sockets) socketsOn.set(screen, (sockets = new Map()));
    sockets.set(socket.id, socket);
    socket.join(screenRoom(screen));
    // The room broadcast includes the newcomer; when the list did not change (another tab of a
    // user already there), the newcomer alone is told.
    if (!publish(screen)) socket.emit('presence', { screen, viewers: viewers(screen) });
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

  return {
    announce: guarded('handle an announcement', announce),
    disconnected: guarded('handle a disconnect', (socket: GatewaySocket) => {
      const left = leave(socket);
      if (left !== undefined) publish(left);
    }),
    userChanged: guarded('handle a user change', (userId: string) => {
      for (const [screen, sockets] of socketsOn) {
        for (const socket of sockets.values()) {
          if (socket.data.user.id !== userId) continue;
          publish(screen);
          break;
        }
      }
    }),
    close() {
      closed = true;
      screenOf.clear();
      socketsOn.clear();
      lastSent.clear();
    },
  };
}
