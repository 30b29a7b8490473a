import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import send from 'koa-send';

/**
 * Serves the built client from the same origin as /api, and index.html for any other GET so
 * the client's router can show its own pages (and its own "not found").
 */
export function staticClient(distDir: string) {
  const index = path.join(distDir, 'index.html');
  const files = serve(distDir, { index: false, maxage: 0, gzip: true });
  return async function serveClient(ctx: Context, next: Next) {
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/socket.io')) return next();
    await files(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    await send(ctx, 'index.html', { root: distDir, maxage: 0 });
    ctx.set('Cache-Control', 'no-cache');
  };
}
