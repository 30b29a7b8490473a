import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { ConcurrencyError, DomainError } from '../../events/store/errors';
import { REQUEST_TOO_LARGE_MESSAGE, type ErrorBody } from '@shared/schemas/common';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isUnstorableValue } from '../db/unstorable';
import { HttpError } from '../httpError';
import { loggablePath } from './loggablePath';

/** The answer while the database is out of reach (restarting, failing over): worth a retry soon. */
export const DATABASE_UNAVAILABLE = 'The database cannot be reached just now. Please try again in a moment.';

/** Koa and its body parser raise errors carrying a status the client caused (bad JSON, too large). */
interface ExposedError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message: string;
}

const bodyParserMessages: Record<string, string> = {
  'entity.too.large': REQUEST_TOO_LARGE_MESSAGE,
  'entity.parse.failed': 'Request body is not valid JSON',
  'encoding.unsupported': 'Unsupported request body encoding',
  'charset.unsupported': 'Unsupported request body charset',
};

/**
 * Turns what the body parser raises into an answer. Everything it raises is about the body the
 * client sent: JSON that does not parse (co-body throws a SyntaxError without a `type`), a body
 * too large, an encoding it cannot read, or a body declared compressed that does not decompress
 * (zlib and brotli errors carry no status at all). Only raw-body's own 5xx stay server errors.
 */
export function bodyParseError(error: Error): Error {
  const { status, statusCode, type } = error as ExposedError;
  const code = status ?? statusCode;
  if (code !== undefined && code >= 500) return error;
  if (error instanceof SyntaxError) return new HttpError(400, bodyParserMessages['entity.parse.failed']!);
  const known = bodyParserMessages[type ?? ''];
  if (known) return new HttpError(code ?? 400, known);
  if (code === 415) return new HttpError(415, bodyParserMessages['encoding.unsupported']!);
  if (code !== undefined && code >= 400) return new HttpError(code, 'Bad request');
  return new HttpError(400, 'Request body could not be decoded');
}

/**
 * The one place errors become answers: every failure is `{ message }` with a fitting status,
 * and anything unexpected is a 500 whose details go to the log only.
 */
export function errorMapper(logger: Logger, conflictBody: (error: ConcurrencyError) => Promise<ErrorBody> = async (e) => ({ message: e.message })) {
  return async function mapErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = error.fields ? { message: error.message, fields: error.fields } : { message: error.message };
        for (const [k, v] of Object.entries(error.headers ?? {})) ctx.set(k, v);
        return;
      }
      if (error instanceof ConcurrencyError) {
        ctx.status = 409;
        ctx.body = await conflictBody(error).catch(() => ({ message: error.message }));
        return;
      }
      if (error instanceof DomainError) {
        ctx.status = error.status;
        ctx.body = error.field
          ? { message: error.message, fields: [{ field: error.field, message: error.message }] }
          : { message: error.message };
        return;
      }
      const exposed = error as ExposedError;
      const status = exposed.status ?? exposed.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { message: bodyParserMessages[exposed.type ?? ''] ?? (exposed.expose ? exposed.message : 'Bad request') };
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: nothing the client did, and worth a retry soon.
        logger.warn({ err: error, method: ctx.method, path: loggablePath(ctx.path) }, 'database unavailable');
        ctx.status = 503;
        ctx.body = { message: DATABASE_UNAVAILABLE };
        ctx.set('Retry-After', '5');
        return;
      }
      if (isUnstorableValue(error)) {
        // A schema let through what PostgreSQL refuses: the client's input, but a gap to close.
        logger.warn({ err: error, method: ctx.method, path: loggablePath(ctx.path) }, 'value the database cannot store');
        ctx.status = 400;
        ctx.body = { message: 'The request holds a value that cannot be stored (a NUL character, an unpaired surrogate, or a number too large)' };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: loggablePath(ctx.path) }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong on our side. Please try again.' };
    }
  };
}
