import { z } from 'zod';
import { answerText } from './strings';
import { ExpectedVersion, text } from './common';
import { ignored, stamps, type Stamped } from './rows';

export const Floors = z
  .array(z.number().int().min(-5).max(200), { message: 'Floors must be a list of floor numbers' })
  .max(200)
  .refine((floors) => new Set(floors).size === floors.length, { message: 'Floors must not repeat' });

export const CreateLocationInput = z
  .object({
    name: text('Name', 80),
    city: text('City', 80),
    address: text('Address', 300),
    manager: text('Manager', 120),
    floors: Floors.default([]),
  })
  .strict();
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
    version: ExpectedVersion,
    ...READ_ONLY_LOCATION_FIELDS,
  })
  .strict();
export type UpdateLocationInput = z.infer<typeof UpdateLocationInput>;

/** A location as the API returns it. */
export interface Location extends Stamped {
  id: string;
  name: string;
  city: string;
  address: string;
  manager: string;
  floors: number[];
}

/** A location as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Location = z.object({
  id: z.uuid(),
  name: answerText(),
  city: answerText(),
  address: answerText(),
  manager: answerText(),
  floors: z.array(z.number().int()),
  ...stamps,
}) satisfies z.ZodType<Location>;
