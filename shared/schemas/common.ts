import { z } from 'zod';
import { str } from './strings';

/**
 * Messages the spec gives for a whole form ("Please fill in all required fields"): a request
 * refused with one answers it as its `message` word for word, not prefixed by a field's name.
 */
export const FORM_MESSAGES = new Set<string>();
export const formMessage = (message: string) => {
  FORM_MESSAGES.add(message);
  return message;
};

/** An id is a UUID the server generated, in lower case however the client wrote it. */
/** True for a UUID in its text form (ids of rows and users, correlation ids); never throws. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const Id = z.uuid({ message: 'Must be a valid id' }).transform((id) => id.toLowerCase());

/** Ids are UUIDs; anything else is a 400, not a 404. */
export const IdParam = z.object({ id: Id }).strict();

/** A short, trimmed, non-empty line of text. */
export const text = (label: string, max = 200) =>
  str(label)
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/**
 * PostgreSQL's `integer`, the type of every version and whole-number column: a larger value would
 * fail in the database (a 500), so every whole number the API takes is bounded by it or less.
 */
export const PG_INT_MAX = 2_147_483_647;

const VERSION_MESSAGE = `Version must be a whole number from 1 to ${PG_INT_MAX}`;
const version = (base: z.ZodNumber) =>
  base.int({ message: VERSION_MESSAGE }).min(1, { message: VERSION_MESSAGE }).max(PG_INT_MAX, { message: VERSION_MESSAGE });

/** The entity version the client last saw; when present a stale value answers 409. */
export const ExpectedVersion = version(z.number({ message: VERSION_MESSAGE })).optional();

/** A DELETE's version, in its body or as `?version=` (some clients send no body with DELETE). */
export const VersionBody = z.object({ version: ExpectedVersion }).strict();
export const VersionQuery = z.object({ version: version(z.coerce.number({ message: 'Version must be a number' })).optional() }).strict();

/** Who changed a row since the version a client sent (a 409's details). */
export interface ConflictDetails {
  /** The name of who made the latest change; null for the system. */
  by: string | null;
  at: string;
  /** The fields the changes touched. */
  fields: string[];
  /** The row's version now: reload, then send this one. */
  version: number;
}

/** Standard error body of every non-2xx answer. */
export interface ErrorBody {
  message: string;
  fields?: { field: string; message: string }[];
  conflict?: ConflictDetails;
}

// The message of a 413 from the API's general body limit (kept apart from zod for the client).
export { REQUEST_TOO_LARGE_MESSAGE } from '../domain/uploadLimits';

/** List filters: `location` is a location's name or id; 'All Locations' or empty means every location. */
export const LocationFilterQuery = z
  .object({
    location: str('Location').max(200, { message: 'Location is too long' }).optional(),
  })
  .strict();
