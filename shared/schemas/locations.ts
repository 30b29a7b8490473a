import { z } from 'zod';
import { DEFAULT_CLOSES_AT, DEFAULT_OPENS_AT, DEFAULT_TIME_ZONE, isTimeZone } from '../domain/bookings';
import { answerText, str } from './strings';
import { ExpectedVersion, text } from './common';
import { ignored, stamps, type Stamped } from './rows';

export const Floors = z
  .array(z.number().int().min(-5).max(200), { message: 'Floors must be a list of floor numbers' })
  .max(200)
  .refine((floors) => new Set(floors).size === floors.length, { message: 'Floors must not repeat' });

/** An IANA zone name (America/New_York), as the zone database knows it. */
export const TimeZone = str('Time zone')
  .trim()
  .max(64, { message: 'Time zone must be at most 64 characters' })
  .refine(isTimeZone, { message: 'Time zone must be an IANA zone name, such as America/New_York' });

/** A time of day, HH:MM on a 15-minute step (bookings start and end on one). */
export const ClockTime = (label: string) =>
  str(label)
    .trim()
    .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { message: `${label} must be a time HH:MM on a quarter hour, such as 07:00` });

/** Opening hours are a range of one day: open before close. */
const HOURS_ORDER_MESSAGE = 'Opening time must be before closing time';
const opensBeforeCloses = (v: { opens_at?: string; closes_at?: string }) => !v.opens_at || !v.closes_at || v.opens_at < v.closes_at;

export const CreateLocationInput = z
  .object({
    name: text('Name', 80),
    city: text('City', 80),
    address: text('Address', 300),
    manager: text('Manager', 120),
    floors: Floors.default([]),
    time_zone: TimeZone.default(DEFAULT_TIME_ZONE),
    opens_at: ClockTime('Opening time').default(DEFAULT_OPENS_AT),
    closes_at: ClockTime('Closing time').default(DEFAULT_CLOSES_AT),
  })
  .strict()
  .refine(opensBeforeCloses, { message: HOURS_ORDER_MESSAGE, path: ['closes_at'] });
export type CreateLocationInput = z.infer<typeof CreateLocationInput>;

/** Fields of a location response that a client may send back unchanged; they are ignored. */
const READ_ONLY_LOCATION_FIELDS = ignored('id', 'created_at', 'updated_at');

/** PUT /api/locations/{id}: the location object as GET returned it, or any part of it. */
export const UpdateLocationInput = z
  .object({
    name: text('Name', 80).optional(),
    city: text('City', 80).optional(),
    address: text('Address', 300).optional(),
    manager: text('Manager', 120).optional(),
    floors: Floors.optional(),
    time_zone: TimeZone.optional(),
    opens_at: ClockTime('Opening time').optional(),
    closes_at: ClockTime('Closing time').optional(),
    version: ExpectedVersion,
    ...READ_ONLY_LOCATION_FIELDS,
  })
  .strict()
  .refine(opensBeforeCloses, { message: HOURS_ORDER_MESSAGE, path: ['closes_at'] });
export type UpdateLocationInput = z.infer<typeof UpdateLocationInput>;

/** A location as the API returns it. */
export interface Location extends Stamped {
  id: string;
  name: string;
  city: string;
  address: string;
  manager: string;
  floors: number[];
  /** IANA zone of the location's wall clock (America/Chicago). */
  time_zone: string;
  /** Opening hours, every day, HH:MM local time. */
  opens_at: string;
  closes_at: string;
}

/** A location as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Location = z.object({
  id: z.uuid(),
  name: answerText(),
  city: answerText(),
  address: answerText(),
  manager: answerText(),
  floors: z.array(z.number().int()),
  time_zone: answerText(),
  opens_at: answerText(),
  closes_at: answerText(),
  ...stamps,
}) satisfies z.ZodType<Location>;
