import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import send from 'koa-send';
import { PRODUCT_NAME } from '@shared/constants';
import { openApiDocument } from '../openapi';

/** swagger-ui-dist's files: served as they are, same origin, so the CSP needs no exception. */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${PRODUCT_NAME} API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="icon" href="/api/docs/favicon-32x32.png">
</head>
<body>
  <div id="docs"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/start.js"></script>
</body>
</html>`;

// A file, not an inline script: the Content-Security-Policy allows scripts from this origin only.
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, persistAuthorization: true });`;

/**
 * GET /api/openapi.json: the OpenAPI document generated from the routes of `api` and their zod
 * schemas (built once, on first request, when every route is registered). GET /api/docs: a page
 * to read and try it (Swagger UI). Both public: they describe the API, they do not open it.
 */
export function docsRoutes(api: Router, version: string): Router {
  const router = new Router();
  let document: unknown = null;
  router.get('/openapi.json', (ctx) => {
    document ??= openApiDocument(api, { title: `${PRODUCT_NAME} API`, version });
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.body = PAGE;
  });
  router.get('/docs/start.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = START;
  });
  router.get('/docs/:asset', async (ctx) => {
    const asset = ctx.params.asset ?? '';
    if (!ASSETS.has(asset)) return;
    await send(ctx, asset, { root: SWAGGER_DIR, maxage: 86_400_000 });
  });
  return router;
}
