import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { FORM_MESSAGES } from '@shared/schemas/common';
import { HttpError } from '../httpError';

type Issue = z.core.$ZodIssue;

function fieldsOf(issue: Issue): { field: string; message: string }[] {
  const at = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: at ? `${at}.${key}` : key, message: 'Unknown field' }));
  }
  return [{ field: at || '(body)', message: issue.message }];
}

/**
 * Parses `value` with `schema` or answers 400 naming every offending field. The summary
 * message repeats the first problem so a client showing only `message` still says something
 * useful.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what = 'input'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.flatMap(fieldsOf);
  const first = fields[0]!;
  const message = FORM_MESSAGES.has(first.message)
    ? first.message
    : first.field === '(body)'
      ? `Invalid ${what}: ${first.message}`
      : `Invalid ${what}: ${first.field}: ${first.message}`;
  throw new HttpError(400, message, fields);
}

/** Query strings carry no parameters unless a route declares them. */
export const NoQuery = z.object({}).strict();

export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  // What follows is read by the OpenAPI document only (server/openapi.ts), never at run time.
  /** The success status: 200 unless the route says (201 created, 204 no content). */
  status?: 200 | 201 | 204;
  /** The success answer's JSON body (each line's, for JSON lines). */
  response?: z.ZodType;
  /** The success answer's media types when not only JSON: a stored file (any type: the file's own), CSV, PDF, JSON lines. */
  produces?: string[];
  description?: string;
  /** Answers other than success whose body is not the error shape (readiness's 503). */
  answers?: Partial<Record<number, z.ZodType>>;
  /** A multipart upload the route reads itself: its text fields and the file's field name. */
  upload?: { fields: z.ZodType; file: string };
  /** Refusals beyond those every route of its kind can answer (openapi.ts `refusals`). */
  errors?: number[];
}

type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;
export interface Validated<S extends RequestSchemas> {
  params: Out<S['params']>;
  query: Out<S['query']>;
  body: Out<S['body']>;
}

/**
 * The one validation middleware: parses the route's params, query and body with the zod schemas
 * of shared/schemas (a route that declares no query refuses any), answers 400 naming each bad
 * field, and hands the handler the parsed, typed values.
 */
export function validate<S extends RequestSchemas>(
  schemas: S,
  handler: (ctx: Context, input: Validated<S>) => Promise<void> | void,
): Middleware & { schemas: RequestSchemas } {
  const middleware: Middleware = async (ctx) => {
    const input = {
      params: schemas.params ? parse(schemas.params, ctx.params, 'id') : undefined,
      query: parse(schemas.query ?? NoQuery, ctx.query, 'query'),
      body: schemas.body ? parse(schemas.body, ctx.request.body ?? {}) : undefined,
    } as Validated<S>;
    await handler(ctx, input);
  };
  // The OpenAPI document reads each route's schemas from here (server/openapi.ts).
  return Object.assign(middleware, { schemas: { ...schemas, query: schemas.query ?? NoQuery } });
}
