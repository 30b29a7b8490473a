import Router from '@koa/router';
import type { Middleware } from 'koa';
import { DEAL_NOT_FOUND } from '../../events/deal/decider';
import { getDeal } from '../../projections/deals/queries';
import { IdParam } from '@shared/schemas/common';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';
import { openContent } from '../resources/contents';
import { visible } from './guards';

export const NO_EXECUTED_COPY = 'This deal has no executed agreement yet';

/**
 * GET /api/deals/{id}/agreement/executed: the signed agreement with its audit page, as the
 * signing process stored it; to whoever may read the deal (404 unknown, 403 another location).
 */
export function dealExecutedCopyRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;

  router.get(
    '/deals/:id/agreement/executed',
    auth,
    validate({ params: IdParam }, async (ctx, { params }) => {
      const deal = visible(actorOf(ctx), await getDeal(sql, params.id), DEAL_NOT_FOUND);
      const copy = deal.executed_copy;
      if (!copy) throw new HttpError(404, NO_EXECUTED_COPY);
      const body = await openContent(sql, copy.sha256, copy.size);
      if (!body) throw new Error(`the executed copy of deal ${deal.id} is missing`);
      ctx.attachment(`Executed agreement - ${deal.deal_name}.pdf`);
      ctx.type = 'application/pdf';
      ctx.length = copy.size;
      ctx.etag = copy.sha256;
      ctx.body = body;
    }),
  );

  return router;
}
