import ical, { ICalEventStatus } from 'ical-generator';
import type { Booking } from '@shared/schemas/bookings';

/**
 * Bookings as an iCalendar feed (RFC 5545) that calendar apps subscribe to: each booking one
 * event, its UID the booking's id (so an app updates it in place when it moves), cancelled ones
 * kept as STATUS:CANCELLED so apps take them off.
 */
export function bookingCalendar(name: string, bookings: readonly Booking[], locationNames: ReadonlyMap<string, string>): string {
  const calendar = ical({ name, prodId: { company: 'FlexSpace', product: 'Operations', language: 'EN' }, ttl: 15 * 60 });
  for (const b of bookings) {
    calendar.createEvent({
      id: `${b.id}@flexspace`,
      start: new Date(b.starts_at),
      end: new Date(b.ends_at),
      stamp: new Date(b.updated_at),
      summary: b.member_name ? `${b.title} (${b.member_name})` : b.title,
      description: [`Booked by ${b.booked_by}`, b.notes].filter(Boolean).join('\n'),
      location: `Room ${b.room_number}, ${locationNames.get(b.location_id) ?? ''}`.replace(/, $/, ''),
      status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: b.version,
    });
  }
  return calendar.toString();
}
