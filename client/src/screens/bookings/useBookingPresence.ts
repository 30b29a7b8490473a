import { useCallback, useEffect } from 'react';
import type { Booking } from '@shared/schemas/bookings';
import { live } from '../../live/connection';
import { instantAt } from './bookingTime';
import type { Landing } from './CalendarGrid';

/**
 * Tells the others on the calendar what this tab's user holds and where (throttled by the live
 * connection, like the deal board's drags), and that they let go when the drag ends or the
 * screen closes.
 */
export function useBookingPresence(zone: string) {
  const onHold = useCallback(
    (held: { booking: Booking | null; landing: Landing } | null) => {
      if (!held) {
        live.dragBooking({ room_id: null });
        return;
      }
      const { column, span } = held.landing;
      live.dragBooking({
        booking_id: held.booking?.id ?? null,
        room_id: column.roomId,
        starts_at: instantAt(column.day, span.start, zone).toISOString(),
        ends_at: instantAt(column.day, span.end, zone).toISOString(),
      });
    },
    [zone],
  );
  useEffect(() => () => live.dragBooking({ room_id: null }), []);
  return onHold;
}
