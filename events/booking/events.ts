import { z } from 'zod';

/** Where and when a booking is, and what it says. Times are instants (UTC ISO). */
const BookingPlace = {
  room_id: z.uuid(),
  location_id: z.uuid(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
};
const BookingText = {
  title: z.string().min(1),
  member_id: z.uuid().nullable(),
  notes: z.string().nullable(),
};

export const BookingEventSchemas = {
  /** A confirmed booking; `series_id` ties the bookings of one repeat together. */
  BookingMade: z
    .object({
      id: z.uuid(),
      ...BookingPlace,
      ...BookingText,
      booked_by_id: z.string().min(1),
      booked_by: z.string().min(1),
      series_id: z.uuid().nullable(),
    })
    .strict(),
  /** Moved, resized or retitled: only what changes. */
  BookingChanged: z.object({ ...BookingPlace, ...BookingText }).partial().strict(),
  /** Cancelled (one booking, or each booking of a series cancelled together). */
  BookingCancelled: z.object({ series: z.boolean() }).strict(),
};

type Ev<K extends keyof typeof BookingEventSchemas> = { type: K; data: z.infer<(typeof BookingEventSchemas)[K]> };

export type BookingMade = Ev<'BookingMade'>;
export type BookingChanged = Ev<'BookingChanged'>;
export type BookingCancelled = Ev<'BookingCancelled'>;
export type BookingEvent = BookingMade | BookingChanged | BookingCancelled;
export type BookingChanges = BookingChanged['data'];
