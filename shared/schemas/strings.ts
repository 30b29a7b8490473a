import { z } from 'zod';

/**
 * The one string schema of the API. Every string a request carries (a body's text fields, a query
 * parameter, a path segment) is built on `str`, so none can carry a character PostgreSQL refuses:
 * NUL, which neither text nor jsonb can hold, and an unpaired UTF-16 surrogate, which is not a
 * character at all. Without it such a value reaches the database and the request ends in a 500.
 * ESLint refuses `z.string()` anywhere else in shared/schemas, so no schema can leave it out.
 */

// eslint-disable-next-line no-control-regex -- NUL is exactly what must be refused
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True for text PostgreSQL can store: no NUL, no lone surrogate (a well-formed pair is fine). */
export const isStorable = (value: string) => !UNSTORABLE.test(value);

export const unstorableMessage = (label: string) => `${label} contains characters that are not allowed (NUL or an unpaired surrogate)`;

/**
 * A string named `label` in its messages: not text answers `typeMessage` (a form's one message when
 * the field is required), and unstorable characters are refused whatever else is chained on.
 */
export const str = (label: string, typeMessage = `${label} must be text`) =>
  z.string({ message: typeMessage }).refine(isStorable, { message: unstorableMessage(label) });

/** True when no string anywhere in a JSON value (keys included) holds an unstorable character. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorable(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([key, inner]) => isStorable(key) && isStorableJson(inner));
  return true;
}

/** For `.refine(...storableJson(label))` on a free-form value that is kept as it was sent (jsonb). */
export const storableJson = (label: string) => [isStorableJson, { message: unstorableMessage(label) }] as const;

/**
 * An address a browser may open or the server may call: http(s) only, so a `javascript:` or
 * `data:` link can never be stored and later rendered as a link.
 */
export const isHttpUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

export const httpUrlMessage = (label: string) => `${label} must be a full http(s) address, such as https://example.com`;

/**
 * A string in an answer's schema (what the API sends, for the OpenAPI document and the contract
 * test): never used to read a request, so it needs none of `str`'s refusals.
 */
export const answerText = () => z.string();
