import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { correlationOf } from './correlation';
import { loggablePath } from './loggablePath';

/**
 * One structured line per API request. Only method, path, status, timing, the user id and the
 * request and correlation ids are logged: never bodies, query strings or headers, which may hold
 * passwords or tokens, and the path with a signing link's token redacted (loggablePath.ts). The correlation id is the one the request's events carry, and the live
 * push logs it again with their positions.
 */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next) {
    const started = performance.now();
    try {
      await next();
    } finally {
      const user = (ctx.state as { user?: { id: string } }).user;
      logger.info(
        {
          method: ctx.method,
          path: loggablePath(ctx.path),
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          user: user?.id,
          request_id: ctx.state.requestId as string,
          correlation_id: correlationOf(ctx),
        },
        'request',
      );
    }
  };
}
