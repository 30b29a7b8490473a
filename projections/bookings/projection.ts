import { readFileSync } from 'node:fs';
import type { BookingEvent } from '../../events/booking/events';
import type { OfficeDetailsEdited } from '../../events/office/events';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId } from '../engine/projection';
import { bookingReads } from './queries';

/** The message when the exclusion constraint, not the command, stopped an overlap (the route names the booking in the way). */
export const BOOKING_OVERLAP = 'This room is already booked at that time';

export const bookingsProjection = defineReadModel<BookingEvent | OfficeDetailsEdited>({
  name: 'bookings',
  version: 3,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'bookings',
  conflicts: { bookings_no_overlap: { message: BOOKING_OVERLAP, field: 'starts_at' } },
  // A booking shows its room's number, its member's name, and its times on its location's clock.
  joins: [
    { column: 'room_id', model: 'offices', shows: ['office_number'] },
    { column: 'member_id', model: 'members', shows: ['company_name'] },
    { column: 'location_id', model: 'locations', shows: ['time_zone'] },
  ],
  evolve: {
    BookingMade: {
      create: ({ data: d }) => ({
        id: d.id, room_id: d.room_id, location_id: d.location_id, title: d.title, member_id: d.member_id, notes: d.notes,
        starts_at: d.starts_at, ends_at: d.ends_at, booked_by_id: d.booked_by_id, booked_by: d.booked_by, status: 'confirmed', series_id: d.series_id,
      }),
    },
    BookingChanged: (row, { data }) => ({ ...row, ...data }),
    BookingCancelled: (row) => ({ ...row, status: 'cancelled' }),
    // A room moved to another location takes its bookings along: they are seen where the room is.
    OfficeDetailsEdited: {
      rows: ({ data, stream_id }) => (data.location_id === undefined ? null : { column: 'room_id', value: entityId(stream_id) }),
      evolve: (row, { data }) => ({ ...row, location_id: data.location_id }),
    },
  },
  live: { entity: 'bookings', load: bookingReads.touched },
});
