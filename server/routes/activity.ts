import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ActivityEntrySchema, ActivityQuery } from '@shared/schemas/activity';
import { readActivity } from '../activity/readActivity';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';

/** GET /api/events: the activity timeline and audit history of any row, from the log. */
export function activityRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  router.get(
    '/events',
    auth,
    validate({ query: ActivityQuery, response: z.array(ActivityEntrySchema) }, async (ctx, { query }) => {
      ctx.body = await readActivity(deps.sql, actorOf(ctx), query);
    }),
  );
  return router;
}
