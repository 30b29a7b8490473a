/**
 * Other people's drags on the calendar, as this tab hears of them: who, which booking (none while
 * drawing a new one), which room and the stretch their pointer is over now. Keyed by user: a
 * person drags one thing at a time.
 */
import { DRAG_EXPIRES_MS, type BookingDragMessage } from '@shared/realtime';
import { atom } from '../state/jotai';

export interface OtherBookingDrag {
  user_id: string;
  name: string;
  booking_id: string | null;
  room_id: string;
  starts_at: string;
  ends_at: string;
  /** When it was last heard of (ms). */
  at: number;
}

export type BookingDrags = Readonly<Record<string, OtherBookingDrag>>;

export const bookingDragsAtom = atom<BookingDrags>({});

/** The drags after one message: a new place, or (no room) let go. Pure. */
export function applyBookingDrag(drags: BookingDrags, message: BookingDragMessage, now: number): BookingDrags {
  const rest = pruneBookingDrags(drags, now);
  if (message.room_id === null || !message.starts_at || !message.ends_at) {
    if (!rest[message.user_id]) return rest;
    const { [message.user_id]: _gone, ...others } = rest;
    return others;
  }
  return { ...rest, [message.user_id]: { user_id: message.user_id, name: message.name, booking_id: message.booking_id, room_id: message.room_id, starts_at: message.starts_at, ends_at: message.ends_at, at: now } };
}

/** Drops drags not heard of for DRAG_EXPIRES_MS (their tab went away without letting go). Pure. */
export function pruneBookingDrags(drags: BookingDrags, now: number): BookingDrags {
  const stale = Object.keys(drags).filter((id) => now - drags[id]!.at >= DRAG_EXPIRES_MS);
  if (stale.length === 0) return drags;
  const next = { ...drags };
  for (const id of stale) delete next[id];
  return next;
}
