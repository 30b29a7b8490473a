import type { Actor } from '@shared/domain/access';
import { clashMessage, MEETING_ROOM_TYPE, ROOM_NOT_FOUND, type Span } from '@shared/domain/bookings';
import { refusal, type Action } from '@shared/policy';
import type { BookingRoom } from '../../events/booking/decider';
import { DomainError } from '../../events/store/errors';
import type { Db } from '../../events/store/types';
import { BOOKING_OVERLAP } from '../../projections/bookings/projection';
import { getRoomPlace, takenSpans } from '../../projections/bookings/queries';
import { HttpError } from '../httpError';

export const NOT_A_ROOM = 'That office is not a meeting room';

/**
 * The room a booking names, with its location's clock and hours, read in the command's
 * transaction: 400 naming room_id when it is no meeting room, 403 when the actor may not write
 * bookings at its location (before any rule or clash is told).
 */
export async function bookableRoom(db: Db, actor: Actor, action: Action, roomId: string): Promise<BookingRoom> {
  const room = await getRoomPlace(db, roomId);
  if (!room) throw new HttpError(400, ROOM_NOT_FOUND, [{ field: 'room_id', message: ROOM_NOT_FOUND }]);
  const refused = refusal(actor, action, [room.location_id]);
  if (refused) throw new HttpError(403, refused);
  if (room.type !== MEETING_ROOM_TYPE) throw new HttpError(400, NOT_A_ROOM, [{ field: 'room_id', message: NOT_A_ROOM }]);
  return { id: room.id, room_number: room.office_number, location_id: room.location_id, hours: room.hours };
}

/** What a booking command tried, kept for naming the booking in the way should the database's guard refuse it. */
export interface Attempt {
  room_id: string;
  spans: Span[];
  /** The booking's own id when it moves (its old span is not in its own way). */
  exclude: string[];
  series: boolean;
}

/**
 * Runs a booking command; should the exclusion constraint refuse it (the commands' room lock
 * makes that a last resort, never the rule), the 409 names the bookings now in the way, read
 * once the refused transaction has rolled back.
 */
export async function namingOverlap<T>(db: Db, attempt: Attempt, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError && error.message === BOOKING_OVERLAP && attempt.room_id)) throw error;
    const room = await getRoomPlace(db, attempt.room_id);
    const taken = (await takenSpans(db, attempt.room_id, attempt.spans)).filter((t) => !attempt.exclude.includes(t.id));
    if (!room || taken.length === 0) throw error;
    throw new DomainError(409, clashMessage(room.office_number, taken, room.hours.time_zone, attempt.series), 'starts_at');
  }
}
