import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import send from 'koa-send';

/** The public signing page (/sign/<token>) is its own small bundle, outside the shell. */
const SIGNING_PAGE = /^\/sign\/[^/]+\/?$/;

/**
 * Vite names everything under assets/ by a hash of its content: a changed file is a new address,
 * so a browser may keep these for a year without asking again. Anything else (index.html, the
 * favicon) names no version and is checked on every use.
 */
const HASHED_ASSET = /^\/assets\//;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const cacheControlFor = (urlPath: string) => (HASHED_ASSET.test(urlPath) ? IMMUTABLE : 'no-cache');

/**
 * Serves the built client from the same origin as /api, and index.html for any other GET so
 * the client's router can show its own pages (and its own "not found"); /sign/<token> gets the
 * signing page's sign.html instead.
 */
export function staticClient(distDir: string) {
  const files = serve(distDir, { index: false, maxage: 0, gzip: true });
  return async function serveClient(ctx: Context, next: Next) {
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/socket.io')) return next();
    await files(ctx, async () => undefined);
    if (ctx.body != null) {
      ctx.set('Cache-Control', cacheControlFor(ctx.path));
      // A build's brotli copy (client/build/precompress.ts) goes to those who take brotli only.
      ctx.vary('Accept-Encoding');
      return;
    }
    if (ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const page = SIGNING_PAGE.test(ctx.path) ? 'sign.html' : 'index.html';
    if (!existsSync(path.join(distDir, page))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    await send(ctx, page, { root: distDir, maxage: 0 });
    ctx.vary('Accept-Encoding');
    // The link's token is in the address: never sent on to other sites as a referrer.
    if (page === 'sign.html') ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
  };
}
