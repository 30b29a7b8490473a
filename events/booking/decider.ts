import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import {
  BOOKING_CANCELLED,
  BOOKING_NOT_FOUND,
  bookingRuleProblem,
  clashMessage,
  overlaps,
  type BookingStatus,
  type OpeningHours,
  type Span,
  type Taken,
} from '@shared/domain/bookings';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { DomainError, conflict } from '../store/errors';
import { BookingEventSchemas, type BookingChanges, type BookingEvent, type BookingMade } from './events';

/** The room a booking is for, as the route read it in the command's transaction (the decider stays pure). */
export interface BookingRoom {
  id: string;
  room_number: string;
  location_id: string;
  hours: OpeningHours;
}

/** What a new booking says; its room's place comes with the room. */
export type NewBooking = Omit<BookingMade['data'], 'room_id' | 'location_id'>;

/**
 * `taken`: the room's confirmed bookings near the wanted time, read under the room's lock in the
 * command's transaction, so no other booking of the room can commit between that read and this
 * command's own.
 */
export type BookingCommand =
  | { type: 'MakeBooking'; booking: NewBooking; room: BookingRoom; now: Date; taken: readonly Taken[] }
  | { type: 'ChangeBooking'; changes: Omit<BookingChanges, 'room_id' | 'location_id'>; room: BookingRoom; now: Date; taken: readonly Taken[] }
  | { type: 'CancelBooking'; series: boolean };

export type BookingState = (BookingMade['data'] & { status: BookingStatus }) | null;

/** Refuses a span that breaks a rule (400) or meets a confirmed booking of the room (409 naming each). */
function assertBookable(id: string, span: Span, room: BookingRoom, now: Date, taken: readonly Taken[]) {
  const problem = bookingRuleProblem(span, room.hours, now);
  if (problem) throw new DomainError(problem.status, problem.message, problem.field);
  const clashes = taken.filter((t) => t.id !== id && overlaps(t, span));
  if (clashes.length > 0) throw conflict(clashMessage(room.room_number, clashes, room.hours.time_zone));
}

/**
 * A series is booked whole or not at all: the first rule any of its spans breaks (400), else every
 * clash of every span named in one 409, before any of its bookings is decided.
 */
export function assertSeriesBookable(room: BookingRoom, spans: readonly Span[], now: Date, taken: readonly Taken[]) {
  for (const span of spans) {
    const problem = bookingRuleProblem(span, room.hours, now);
    if (problem) throw new DomainError(problem.status, problem.message, problem.field);
  }
  const clashes = taken.filter((t) => spans.some((span) => overlaps(t, span)));
  if (clashes.length > 0) throw conflict(clashMessage(room.room_number, clashes, room.hours.time_zone, spans.length > 1));
}

export const bookingDecider: Decider<BookingCommand, BookingState, BookingEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'MakeBooking': {
        if (state) throw conflict('Booking already exists');
        const { booking, room } = command;
        assertBookable(booking.id, booking, room, command.now, command.taken);
        return [{ type: 'BookingMade', data: { ...booking, room_id: room.id, location_id: room.location_id } }];
      }

      case 'ChangeBooking': {
        const booking = existing(state, BOOKING_NOT_FOUND);
        if (booking.status === 'cancelled') throw conflict(BOOKING_CANCELLED);
        const { room } = command;
        const changes = changedFields<BookingChanges>({ ...command.changes, room_id: room.id, location_id: room.location_id }, booking);
        if (Object.keys(changes).length === 0) return [];
        const moved = changes.room_id !== undefined || changes.starts_at !== undefined || changes.ends_at !== undefined;
        if (moved) {
          const span = { starts_at: changes.starts_at ?? booking.starts_at, ends_at: changes.ends_at ?? booking.ends_at };
          // A booking under way may be lengthened or shortened; only a new start may not be in the past.
          const now = changes.starts_at === undefined ? new Date(0) : command.now;
          assertBookable(booking.id, span, room, now, command.taken);
        }
        return [{ type: 'BookingChanged', data: changes }];
      }

      case 'CancelBooking': {
        const booking = existing(state, BOOKING_NOT_FOUND);
        // Cancelling what is cancelled already is done (a repeated click, a series cancelled twice).
        if (booking.status === 'cancelled') return [];
        return [{ type: 'BookingCancelled', data: { series: command.series } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'BookingMade') return { ...event.data, status: 'confirmed' };
    if (!state) return state;
    switch (event.type) {
      case 'BookingChanged':
        return { ...state, ...event.data };
      case 'BookingCancelled':
        return { ...state, status: 'cancelled' };
    }
  },
};

export const bookingAggregate: Aggregate<BookingCommand, BookingState, BookingEvent> = {
  streamType: 'booking',
  streamId: (id) => `booking-${id}`,
  decider: bookingDecider,
  eventSchemas: BookingEventSchemas,
  scope: eventScope(VISIBILITY.bookings),
};
