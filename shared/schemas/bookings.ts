import { z } from 'zod';
import { answerText, str } from './strings';
import { stamps, type Stamped } from './rows';

/** A meeting room: an office of type 'Meeting Room'. */
export interface Room {
  office_id: string;
  office_number: string;
  location_id: string;
  location_name: string;
  capacity: number;
  floor: number;
  time_zone: string;
  opens_at: string;
  closes_at: string;
}

export const BookingRepeat = z.object({
  freq: z.enum(['daily', 'weekly']),
  count: z.number().int().min(1).max(52).optional(),
  until: str('until').optional(),
});

export const CreateBookingInput = z
  .object({
    room_id: z.uuid(),
    title: str('title').trim().min(1).max(200),
    starts_at: str('starts_at'),
    ends_at: str('ends_at'),
    member_id: z.uuid().nullable().optional(),
    notes: str('notes').max(2000).nullish(),
    repeat: BookingRepeat.optional(),
  })
  .strict();

export const UpdateBookingInput = z
  .object({
    room_id: z.uuid().optional(),
    title: str('title').trim().min(1).max(200).optional(),
    starts_at: str('starts_at').optional(),
    ends_at: str('ends_at').optional(),
    member_id: z.uuid().nullable().optional(),
    notes: str('notes').max(2000).nullish(),
    version: z.number().int().optional(),
  })
  .strict();

export interface Booking extends Stamped {
  id: string;
  room_id: string;
  room_number: string;
  location_id: string;
  title: string;
  member_id: string | null;
  member_name: string | null;
  starts_at: string;
  ends_at: string;
  booked_by: string;
  status: 'confirmed' | 'cancelled';
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
  status: z.enum(['confirmed', 'cancelled']),
  series_id: z.uuid().nullable(),
  notes: answerText().nullable(),
  ...stamps,
}) satisfies z.ZodType<Booking>;

/** A member company's bookings for its profile: what is coming, and the hours booked this month. */
export interface BookingSummary {
  member_id: string;
  upcoming: Booking[];
  hours_this_month: number;
  month: string;
}

export const FeedTokenIssued = z.object({ token: answerText(), created_at: answerText() });
export const FeedTokenStatus = z.object({ active: z.boolean(), created_at: answerText().nullable() });
