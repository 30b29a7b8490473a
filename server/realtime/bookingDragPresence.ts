import type { Logger } from 'pino';
import { z } from 'zod';
import { canAccessLocation } from '@shared/domain/access';
import { DRAG_INTERVAL_MS, type BookingDragMessage } from '@shared/realtime';
import type { GatewaySocket } from './gateway';

/**
 * Calendar drag presence: "Dana is moving the 10:00 booking to Room 4B, 14:00-15:00", passed from
 * one tab to the others on the bookings calendar that may see the room's location, never back to
 * the dragger's own tabs. Ephemeral like the deal board's drags: never in the log, never stored.
 * One socket is passed on at most every DRAG_INTERVAL_MS / 2 (its tab already sends every
 * DRAG_INTERVAL_MS); a let-go always goes.
 */
const Announcement = z.union([
  z.object({
    booking_id: z.uuid().nullable(),
    room_id: z.uuid(),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  }),
  z.object({ room_id: z.null() }),
]);

export interface BookingDragDeps {
  /** The location of a meeting room (an office), or null when there is none. */
  locateRoom: (roomId: string) => Promise<string | null>;
  /** This process's calendar sockets that may see rows of `locationId`. */
  calendarSockets: (locationId: string) => GatewaySocket[];
  /** Passes the message on to the other nodes, for their calendar sockets. */
  forward?: (locationId: string, message: BookingDragMessage) => void;
  logger: Logger;
  now?: () => number;
}

/** Room locations held at most; past it the cache starts again (a look-up is one indexed read). */
const MAX_ROOMS = 5_000;
/** A room's location is read again after this long (an administrator may move an office). */
const ROOM_TTL_MS = 60_000;

export function createBookingDragPresence({ locateRoom, calendarSockets, forward, logger, now = Date.now }: BookingDragDeps) {
  /** Each socket's drag as the others see it now, and when it last passed one on. */
  const held = new Map<string, { locationId: string; at: number }>();
  const rooms = new Map<string, { locationId: string | null; at: number }>();

  async function locationOf(roomId: string): Promise<string | null> {
    const known = rooms.get(roomId);
    if (known && now() - known.at < ROOM_TTL_MS) return known.locationId;
    const locationId = await locateRoom(roomId);
    if (rooms.size >= MAX_ROOMS) rooms.clear();
    rooms.set(roomId, { locationId, at: now() });
    return locationId;
  }

  function send(socket: GatewaySocket, locationId: string, message: BookingDragMessage) {
    for (const other of calendarSockets(locationId)) if (other.data.user.id !== socket.data.user.id) other.volatile.emit('bookingDragging', message);
    forward?.(locationId, message);
  }

  function letGo(socket: GatewaySocket) {
    const current = held.get(socket.id);
    if (!current) return;
    held.delete(socket.id);
    const { user } = socket.data;
    send(socket, current.locationId, { user_id: user.id, name: user.name, booking_id: null, room_id: null });
  }

  async function announce(socket: GatewaySocket, raw: unknown) {
    const parsed = Announcement.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.room_id === null) return letGo(socket);
    const previous = held.get(socket.id);
    if (previous && now() - previous.at < DRAG_INTERVAL_MS / 2) return;
    const locationId = await locationOf(message.room_id);
    const { user } = socket.data;
    if (!locationId || !canAccessLocation(user, locationId)) return;
    // A drag into another location's room: the first location's calendars see it let go.
    if (previous && previous.locationId !== locationId) letGo(socket);
    held.set(socket.id, { locationId, at: now() });
    send(socket, locationId, { user_id: user.id, name: user.name, ...message });
  }

  return {
    /** A socket's `bookingDragging` message; anything invalid or not allowed is ignored. Never throws. */
    announce(socket: GatewaySocket, message: unknown) {
      announce(socket, message).catch((error: unknown) => logger.error({ err: error }, 'booking drag presence failed'));
    },
    /** The socket went away: whatever it held is let go. */
    disconnected(socket: GatewaySocket) {
      letGo(socket);
    },
  };
}
