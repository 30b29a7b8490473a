import type { Context, Middleware, Next } from 'koa';

/** The methods the routes registered for the request's path, whatever its method (set by @koa/router). */
function allowedMethods(ctx: Context): string[] {
  const matched = (ctx as Context & { matched?: { methods: string[] }[] }).matched ?? [];
  const methods = new Set(matched.flatMap((layer) => layer.methods));
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods];
}

/**
 * After the routes, for an /api request none of them answered. The token comes first: a caller
 * without a valid one gets 401 whatever the path, and so learns nothing about which paths exist.
 * Then a path the API serves with other methods answers 405 with `Allow` (OPTIONS: 204 with
 * `Allow`), and any other path 404.
 */
export function unmatched(auth: Middleware) {
  return async function answerUnmatched(ctx: Context, next: Next) {
    if (!ctx.path.startsWith('/api')) return next();
    await auth(ctx, async () => {
      const allowed = allowedMethods(ctx);
      if (allowed.length === 0) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      ctx.set('Allow', allowed.join(', '));
      if (ctx.method === 'OPTIONS') {
        ctx.status = 204;
        return;
      }
      ctx.status = 405;
      ctx.body = { message: `${ctx.method} is not allowed here; this path takes ${allowed.join(', ')}` };
    });
  };
}
