import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/**
 * One structured line per API request. Only method, path, status, timing and the user id are
 * logged: never bodies, query strings or headers, which may hold passwords or tokens.
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
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          user: user?.id,
        },
        'request',
      );
    }
  };
}
