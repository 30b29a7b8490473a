import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { PRODUCT_VERSION } from '@shared/constants';
import helmet from 'koa-helmet';
import type { AppDeps } from './deps';
import { inlineScriptSources } from './inlineScripts';
import { authenticate } from './middleware/authenticate';
import { compression } from './middleware/compression';
import { describeConflict } from './middleware/conflict';
import { bodyParseError, errorMapper } from './middleware/errors';
import { requestLog } from './middleware/requestLog';
import { unmatched } from './middleware/unmatched';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { configRoutes } from './routes/config';
import { crmRoutes } from './routes/crm/crm';
import { dashboardRoutes } from './routes/dashboard';
import { dealRoutes } from './routes/deals/deals';
import { dealSigningRoutes } from './signing/routes/dealSigning';
import { docsRoutes } from './routes/docs';
import { gmailRoutes } from './routes/gmail';
import { IMPORT_BODY_LIMIT, importRoutes } from './routes/imports';
import { locationRoutes } from './routes/locations';
import { memberRoutes } from './routes/members';
import { reportRoutes } from './routes/reports';
import { officeRoutes } from './routes/offices';
import { resourceRoutes } from './routes/resources';
import { searchRoutes } from './routes/search';
import { settingsRoutes } from './routes/settings';
import { signingRoutes } from './signing/routes/signing';
import { agreementRoutes } from './signing/routes/agreements';
import { slackRoutes } from './routes/slack';
import { taskRoutes } from './routes/tasks';
import { bookingRoutes } from './routes/bookings';
import { bookingFeedRoutes } from './routes/bookingFeeds';
import { templateRoutes } from './routes/templates';
import { userRoutes } from './routes/users';
import { staticClient } from './static';

export interface AppOptions {
  bodyLimit: string;
  /** Built client to serve beside the API; omitted in API-only tests. */
  clientDir?: string;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  trustProxy?: boolean;
}

/** Composes the Koa app: headers, logging, errors, body parsing, /api routes, the client. */
export function createApp(deps: AppDeps, options: AppOptions): Koa {
  // Behind one reverse proxy the client is the last X-Forwarded-For entry, the one the proxy
  // appended; anything before it is whatever the client chose to send.
  const app = new Koa({ proxy: options.trustProxy ?? false, maxIpsCount: 1 });
  const auth = authenticate(deps.sql, deps.tokens, deps.users);

  const api = new Router({ prefix: '/api' });
  const areas = [
    configRoutes(deps),
    authRoutes(deps, auth),
    locationRoutes(deps, auth),
    userRoutes(deps, auth),
    officeRoutes(deps, auth),
    memberRoutes(deps, auth),
    dealRoutes(deps, auth),
    agreementRoutes(deps, auth),
    // Public: a signing link's token is its own capability (no sign-in).
    signingRoutes(deps),
    taskRoutes(deps, auth),
    bookingFeedRoutes(deps, auth),
    bookingRoutes(deps, auth),
    templateRoutes(deps, auth),
    crmRoutes(deps, auth),
    importRoutes(deps, auth),
    searchRoutes(deps, auth),
    activityRoutes(deps, auth),
    dashboardRoutes(deps, auth),
    dealSigningRoutes(deps, auth),
    resourceRoutes(deps, auth),
    settingsRoutes(deps, auth),
    slackRoutes(deps, auth),
    reportRoutes(deps, auth),
    gmailRoutes(deps, auth),
  ];
  for (const routes of areas) {
    api.use(routes.routes());
  }
  // Last: the document describes every route registered above.
  api.use(docsRoutes(api, PRODUCT_VERSION).routes());

  // Outermost: a stopping node waits for every request that got this far.
  app.use(deps.drain.middleware);
  app.use(
    helmet({
      // TLS is the reverse proxy's business; forcing https here would break plain-http installs.
      strictTransportSecurity: false,
      // Scripts from this origin, and the client's own boot script by its hash (server/inlineScripts.ts).
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, scriptSrc: ["'self'", ...inlineScriptSources(options.clientDir)] } },
    }),
  );
  // Every answer below passes here on its way out: JSON and the client's text, brotli or gzip.
  app.use(compression());
  app.use(async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId as string);
    await next();
  });
  app.use(async (ctx, next) => (ctx.path.startsWith('/api') ? requestLog(deps.logger)(ctx, next) : next()));
  const timed = deps.requestMetrics;
  if (timed) app.use((ctx, next) => (ctx.path.startsWith('/api') ? timed(ctx, next) : next()));
  app.use(errorMapper(deps.logger, (error) => describeConflict(deps.sql, error)));
  app.use(async (ctx, next) => {
    await next();
    // API answers are per user and must never be cached by a browser or proxy.
    if (ctx.path.startsWith('/api')) ctx.set('Cache-Control', 'no-store');
  });
  const jsonBody = (limit: string) =>
    bodyParser({
      enableTypes: ['json'],
      // A DELETE may carry the version the caller saw.
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: limit,
      encoding: 'utf-8',
      onError: (error) => {
        throw bodyParseError(error);
      },
    });
  const body = jsonBody(options.bodyLimit);
  // A CSV import carries a whole file; every other request stays under the usual limit.
  const importBody = jsonBody(IMPORT_BODY_LIMIT);
  // A multipart upload (a document) is streamed by its own route, with its own size limit.
  app.use((ctx, next) => (ctx.is('multipart') ? next() : ctx.path.startsWith('/api/imports') ? importBody(ctx, next) : body(ctx, next)));
  app.use(api.routes());
  // No route matched: 401 without a token, then 405 with Allow on a known path, else 404.
  app.use(unmatched(auth));
  if (options.clientDir) app.use(staticClient(options.clientDir));
  return app;
}
