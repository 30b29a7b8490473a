import { describe, expect, it } from 'vitest';
import { bookingDecider, assertSeriesBookable, type BookingRoom, type NewBooking } from '../../events/booking/decider';
import type { BookingEvent } from '../../events/booking/events';
import { BOOKING_CANCELLED, BOOKING_LENGTH, BOOKING_PAST, DEFAULT_HOURS, outsideHours, seriesSpans } from '@shared/domain/bookings';
import { DomainError } from '../../events/store/errors';
import { createsOnce, fixedIds, specFor } from '../support/givenWhenThen';

const given = specFor(bookingDecider);
const ids = fixedIds('booking', 'room', 'location', 'other', 'user');
const room: BookingRoom = { id: ids.room, room_number: '4A', location_id: ids.location, hours: DEFAULT_HOURS };
const now = new Date('2026-03-02T12:00:00Z');
// 10:00-11:00 in New York on Tuesday 3 March 2026 (EST, UTC-5).
const booking: NewBooking = {
  id: ids.booking, title: 'Planning', member_id: null, notes: null, starts_at: '2026-03-03T15:00:00.000Z', ends_at: '2026-03-03T16:00:00.000Z',
  booked_by_id: ids.user, booked_by: 'Alex Morgan', series_id: null,
};
const made: BookingEvent = { type: 'BookingMade', data: { ...booking, room_id: ids.room, location_id: ids.location } };
const jordan = { id: ids.other, starts_at: '2026-03-03T15:00:00.000Z', ends_at: '2026-03-03T16:00:00.000Z', booked_by: 'Jordan Lee' };
const make = (over: Partial<NewBooking> = {}, taken = [] as (typeof jordan)[]) =>
  ({ type: 'MakeBooking' as const, booking: { ...booking, ...over }, room, now, taken });

describe('booking decider', () => {
  createsOnce(given, 'a booking', make(), made, 'Booking already exists');

  it('refuses a booking in the way, naming it in local time', () => {
    given([]).when(make({}, [jordan])).thenRefuses(409, 'Room 4A is booked 10:00-11:00 by Jordan Lee');
  });

  it('books right after another one ends (half-open spans)', () => {
    const after = { ...booking, starts_at: '2026-03-03T16:00:00.000Z', ends_at: '2026-03-03T16:15:00.000Z' };
    given([]).when(make(after, [jordan])).then([{ type: 'BookingMade', data: { ...after, room_id: ids.room, location_id: ids.location } }]);
  });

  it('refuses times that break the rules', () => {
    given([]).when(make({ ends_at: '2026-03-04T00:00:00.000Z' })).thenRefuses(400, BOOKING_LENGTH);
    given([]).when(make({ starts_at: '2026-03-03T11:45:00.000Z', ends_at: '2026-03-03T12:30:00.000Z' })).thenRefuses(400, outsideHours(DEFAULT_HOURS));
    given([]).when(make({ starts_at: '2026-03-01T15:00:00.000Z', ends_at: '2026-03-01T16:00:00.000Z' })).thenRefuses(400, BOOKING_PAST);
  });

  it('moves a booking, not into another one, and never a cancelled one', () => {
    const later = { starts_at: '2026-03-03T16:00:00.000Z', ends_at: '2026-03-03T17:00:00.000Z' };
    given([made]).when({ type: 'ChangeBooking', changes: later, room, now, taken: [] }).then([{ type: 'BookingChanged', data: later }]);
    const into = { ...jordan, starts_at: '2026-03-03T16:30:00.000Z', ends_at: '2026-03-03T17:30:00.000Z' };
    given([made]).when({ type: 'ChangeBooking', changes: later, room, now, taken: [into] }).thenRefuses(409, 'Room 4A is booked 11:30-12:30 by Jordan Lee');
    // Its own old span is not in its way.
    const self = { ...jordan, id: ids.booking };
    given([made]).when({ type: 'ChangeBooking', changes: later, room, now, taken: [self] }).then([{ type: 'BookingChanged', data: later }]);
    const cancelled: BookingEvent = { type: 'BookingCancelled', data: { series: false } };
    given([made, cancelled]).when({ type: 'ChangeBooking', changes: { title: 'New' }, room, now, taken: [] }).thenRefuses(409, BOOKING_CANCELLED);
  });

  it('retitles without checking times, and records nothing for no change', () => {
    const under_way = new Date('2026-03-03T15:30:00Z');
    given([made]).when({ type: 'ChangeBooking', changes: { title: 'Retitled' }, room, now: under_way, taken: [] }).then([{ type: 'BookingChanged', data: { title: 'Retitled' } }]);
    given([made]).when({ type: 'ChangeBooking', changes: { title: 'Planning' }, room, now, taken: [] }).then([]);
  });

  it('cancels once', () => {
    given([made]).when({ type: 'CancelBooking', series: false }).then([{ type: 'BookingCancelled', data: { series: false } }]);
    given([made, { type: 'BookingCancelled', data: { series: true } }]).when({ type: 'CancelBooking', series: true }).then([]);
  });

  it('names every clash of a series, with its day', () => {
    // Weekly at 10:00 New York time: after 8 March that is 14:00 UTC, not 15:00.
    const spans = seriesSpans(booking, { freq: 'weekly', count: 3 }, 'America/New_York')!;
    expect(spans[2]!.starts_at).toBe('2026-03-17T14:00:00.000Z');
    const second = { ...jordan, id: 'x', starts_at: spans[2]!.starts_at, ends_at: spans[2]!.ends_at };
    let error: unknown;
    try {
      assertSeriesBookable(room, spans, now, [jordan, second]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(
      'Room 4A is booked 10:00-11:00 by Jordan Lee on Tue 3 Mar 2026; Room 4A is booked 10:00-11:00 by Jordan Lee on Tue 17 Mar 2026',
    );
    expect(() => assertSeriesBookable(room, spans, now, [])).not.toThrow();
  });
});
