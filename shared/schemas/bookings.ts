import { z } from 'zod';
import {
  BOOKING_RANGE,
  BOOKING_RANGE_MAX_DAYS,
  BOOKING_REPEAT_MAX,
  BOOKING_REPEATS,
  BOOKING_STATUSES,
  type BookingStatus,
} from '../domain/bookings';
import { ExpectedVersion, Id, LocationFilterQuery, PG_INT_MAX, text } from './common';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/** The earliest and latest instants the API takes: wide enough for any booking, inside what PostgreSQL stores. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2200-01-01T00:00:00Z');

/** An ISO 8601 instant with its offset or Z (2026-03-09T10:00:00-04:00), answered in UTC. */
export const Instant = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be an ISO 8601 instant with an offset, such as 2026-03-09T10:00:00-04:00` })
    .refine((value) => Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST, { message: `${label} must be between the years 2000 and 2199` })
    .transform((value) => new Date(value).toISOString());

/** A member company, none ('' or null), or absent. */
const memberId = z.union([Id, z.literal('').transform(() => null), z.null()], { message: 'Member must be a valid id' });

const notes = str('Notes')
  .max(2000, { message: 'Notes must be at most 2000 characters' })
  .nullish()
  .transform((v) => (v?.trim() ? v : null));

const title = text('Title', 200);

/** A repeating booking: every day or week at the same local time, `count` bookings in all or up to the day `until`. */
export const BookingRepeatInput = z
  .object({
    freq: z.enum(BOOKING_REPEATS, { message: `Repeat must be one of ${BOOKING_REPEATS.join(', ')}` }),
    count: z
      .number({ message: 'Count must be a number' })
      .int({ message: 'Count must be a whole number' })
      .min(1, { message: 'Count must be at least 1' })
      .max(BOOKING_REPEAT_MAX, { message: `Count must be at most ${BOOKING_REPEAT_MAX}` })
      .optional(),
    until: z.iso.date({ message: 'Until must be a date (YYYY-MM-DD)' }).optional(),
  })
  .strict()
  .refine((r) => r.count !== undefined || r.until !== undefined, { message: 'A repeat needs a count or an until date', path: ['count'] });
export type BookingRepeatInput = z.infer<typeof BookingRepeatInput>;

/** POST /api/bookings. */
export const CreateBookingInput = z
  .object({
    room_id: Id,
    title,
    starts_at: Instant('Start'),
    ends_at: Instant('End'),
    member_id: memberId.optional().transform((v) => v ?? null),
    notes,
    repeat: BookingRepeatInput.optional(),
  })
  .strict();
export type CreateBookingInput = z.infer<typeof CreateBookingInput>;

/** Fields of a booking's answer a client may send back unchanged in a PUT; they are ignored. */
const READ_ONLY_BOOKING_FIELDS = ignored(
  'id', 'room_number', 'location_id', 'member_name', 'booked_by', 'status', 'series_id', 'created_at', 'updated_at',
);
export const READ_ONLY_BOOKING_KEYS: readonly string[] = Object.keys(READ_ONLY_BOOKING_FIELDS);

/** PUT /api/bookings/{id}: move (times, room), resize, retitle; absent fields stay as they are. */
export const UpdateBookingInput = z
  .object({
    room_id: Id.optional(),
    title: title.optional(),
    starts_at: Instant('Start').optional(),
    ends_at: Instant('End').optional(),
    member_id: memberId.optional(),
    notes: notes.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_BOOKING_FIELDS,
  })
  .strict();
export type UpdateBookingInput = z.infer<typeof UpdateBookingInput>;

const VERSION_MESSAGE = `Version must be a whole number from 1 to ${PG_INT_MAX}`;

/** DELETE /api/bookings/{id}: `series=1` cancels every booking of its series from this one's series on. */
export const CancelBookingQuery = z
  .object({
    series: z.enum(['1', '0', 'true', 'false'], { message: 'Series must be 1 or 0' }).optional(),
    version: z.coerce.number({ message: 'Version must be a number' }).int({ message: VERSION_MESSAGE }).min(1, { message: VERSION_MESSAGE }).max(PG_INT_MAX, { message: VERSION_MESSAGE }).optional(),
  })
  .strict();
export type CancelBookingQuery = z.infer<typeof CancelBookingQuery>;

/**
 * GET /api/bookings: by location (name or id), room, member and window. `from` defaults to the
 * start of today (UTC) and `to` to 31 days after `from`; the two at most 62 days apart.
 */
export const BookingListQuery = LocationFilterQuery.extend({
  room_id: Id.optional(),
  member_id: Id.optional(),
  from: Instant('From').optional(),
  to: Instant('To').optional(),
})
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), { message: 'To must be after from', path: ['to'] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= BOOKING_RANGE_MAX_DAYS * 86_400_000, { message: BOOKING_RANGE, path: ['to'] });
export type BookingListQuery = z.infer<typeof BookingListQuery>;

/** GET /api/rooms. */
export const RoomListQuery = LocationFilterQuery;
export type RoomListQuery = z.infer<typeof RoomListQuery>;

/** GET /api/bookings/summary: one member company's bookings. */
export const BookingSummaryQuery = z.object({ member_id: Id }).strict();

/** GET /api/bookings.ics: a room's or a member's bookings, for a calendar app; the token is the user's feed token. */
export const BookingFeedQuery = z
  .object({
    room_id: Id.optional(),
    member_id: Id.optional(),
    token: str('Token').max(200, { message: 'Token is too long' }),
  })
  .strict()
  .refine((q) => (q.room_id === undefined) !== (q.member_id === undefined), { message: 'Give a room_id or a member_id', path: ['room_id'] });

/** A meeting room: an office of type 'Meeting Room'; its capacity is its desks. */
export interface Room {
  office_id: string;
  office_number: string;
  location_id: string;
  location_name: string;
  capacity: number;
  floor: number;
  /** The location's zone and opening hours, which its bookings keep to. */
  time_zone: string;
  opens_at: string;
  closes_at: string;
}

export const Room = z.object({
  office_id: z.uuid(),
  office_number: answerText(),
  location_id: z.uuid(),
  location_name: answerText(),
  capacity: z.number().int(),
  floor: z.number().int(),
  time_zone: answerText(),
  opens_at: answerText(),
  closes_at: answerText(),
}) satisfies z.ZodType<Room>;

/** A booking as the API answers it and the gateway pushes it (entity `bookings`). */
export interface Booking extends Stamped {
  id: string;
  room_id: string;
  room_number: string;
  location_id: string;
  title: string;
  member_id: string | null;
  /** The member company's name, or null. */
  member_name: string | null;
  /** ISO 8601 with the location's offset (2026-03-09T10:00:00.000-04:00). */
  starts_at: string;
  ends_at: string;
  /** The name of the user who booked it. */
  booked_by: string;
  status: BookingStatus;
  /** The series it was booked in (repeat), or null. */
  series_id: string | null;
  notes: string | null;
}

export const Booking = z.object({
  id: z.uuid(),
  room_id: z.uuid(),
  room_number: answerText(),
  location_id: z.uuid(),
  title: answerText(),
  member_id: z.uuid().nullable(),
  member_name: answerText().nullable(),
  starts_at: answerText(),
  ends_at: answerText(),
  booked_by: answerText(),
  status: z.enum(BOOKING_STATUSES),
  series_id: z.uuid().nullable(),
  notes: answerText().nullable(),
  ...stamps,
}) satisfies z.ZodType<Booking>;

/** POST /api/bookings answers the booking, or every booking of a series. */
export const BookingCreated = z.union([Booking, z.array(Booking)]);

/** A member company's bookings for its profile: what is coming, and the hours booked this month. */
export interface BookingSummary {
  member_id: string;
  /** The next confirmed bookings from now, soonest first (at most 20). */
  upcoming: Booking[];
  /** Confirmed hours in the current calendar month of the member's location. */
  hours_this_month: number;
  /** That month, YYYY-MM. */
  month: string;
}

export const BookingSummary = z.object({
  member_id: z.uuid(),
  upcoming: z.array(Booking),
  hours_this_month: z.number(),
  month: answerText(),
}) satisfies z.ZodType<BookingSummary>;

/** The user's calendar feed token: shown once when made; only whether one exists afterwards. */
export const FeedTokenIssued = z.object({ token: answerText(), created_at: answerText() });
export const FeedTokenStatus = z.object({ active: z.boolean(), created_at: answerText().nullable() });
