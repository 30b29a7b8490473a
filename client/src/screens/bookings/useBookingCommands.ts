import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Booking } from '@shared/schemas/bookings';
import { endpoints, type CreateBookingBody } from '../../api/endpoints';
import { reasonOf } from '../../lib/errorText';
import { logFailure } from '../../lib/logFailure';
import { applyRow } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { appStore } from '../../state/jotai';
import { bookingsAtom } from './atoms';
import { clockOf, instantAt } from './bookingTime';
import type { Landing } from './CalendarGrid';

/** Where a landing puts a booking: its room and its instants at the location. */
export function placeOf(landing: Landing, zone: string) {
  return {
    room_id: landing.column.roomId,
    starts_at: instantAt(landing.column.day, landing.span.start, zone).toISOString(),
    ends_at: instantAt(landing.column.day, landing.span.end, zone).toISOString(),
  };
}

/**
 * Booking, moving, resizing and cancelling through the one command path: a move lands at once
 * and goes back, with the server's reason ('Room 4A is booked 10:00-11:00 by Jordan Lee'), when
 * the server refuses it.
 */
export function useBookingCommands(zone: string, announce: (words: string) => void) {
  const change = useCallback(
    async (booking: Booking, landing: Landing) => {
      const place = placeOf(landing, zone);
      const when = `${clockOf(place.starts_at, zone)}–${clockOf(place.ends_at, zone)}`;
      const where = landing.column.roomId === booking.room_id ? '' : ` in ${landing.column.roomNumber}`;
      try {
        await sendCommand({
          entity: 'bookings',
          id: booking.id,
          version: booking.version,
          optimistic: (row) => ({ ...row, ...place, room_number: landing.column.roomNumber }),
          send: (meta) => endpoints.updateBooking(booking.id, place, meta),
        });
        const words = `${booking.title} now ${when}${where}`;
        toast.success(words, { id: 'booking-change' });
        announce(words);
      } catch (error) {
        logFailure('Failed to change the booking', error);
        const reason = reasonOf(error);
        toast.error(`${booking.title} was not changed`, { id: 'booking-change', description: reason });
        announce(`${booking.title} went back. ${reason}`);
      }
    },
    [zone, announce],
  );

  /** Books; throws the server's refusal for the dialog to show. */
  const create = useCallback(async (body: CreateBookingBody) => {
    let series: Booking[] = [];
    const first = await sendCommand({
      entity: 'bookings',
      send: async (meta) => {
        const answer = await endpoints.createBooking(body, meta);
        series = Array.isArray(answer) ? answer : [answer];
        return series[0];
      },
    });
    // The rest of a series is in the answer too: shown now, not when the push comes.
    if (series.length > 1) appStore.set(bookingsAtom, (c) => series.slice(1).reduce((acc, row) => applyRow(acc, row), c));
    return { first, count: series.length };
  }, []);

  const update = useCallback(
    (booking: Booking, body: Parameters<typeof endpoints.updateBooking>[1]) =>
      sendCommand({
        entity: 'bookings',
        id: booking.id,
        version: booking.version,
        optimistic: (row) => ({ ...row, ...body }) as Booking,
        send: (meta) => endpoints.updateBooking(booking.id, body, meta),
      }),
    [],
  );

  const cancel = useCallback(
    (booking: Booking, series: boolean) =>
      sendCommand({
        entity: 'bookings',
        id: booking.id,
        version: booking.version,
        optimistic: (row) => ({ ...row, status: 'cancelled' }),
        send: (meta) => endpoints.cancelBooking(booking.id, series, meta),
      }),
    [],
  );

  return { change, create, update, cancel };
}
