import Router from '@koa/router';
import type { Middleware } from 'koa';
import { DEAL_NOT_FOUND, dealAggregate } from '../../../events/deal/decider';
import type { Tx } from '../../../events/store/types';
import { getDeal } from '../../../projections/deals/queries';
import { IdParam } from '@shared/schemas/common';
import { Deal, RetrySigningInput } from '@shared/schemas/deals';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../httpError';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { commandContext } from '../../routes/context';
import { sendStoredFile } from '../../resources/sendStoredFile';
import { visible } from '../../routes/guards';

export const NO_EXECUTED_COPY = 'This deal has no executed agreement yet';

/**
 * The signing process's routes. GET /api/deals/{id}/agreement/executed: the signed agreement with its audit page, as the
 * signing process stored it; to whoever may read the deal (404 unknown, 403 another location).
 */
export function dealSigningRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;

  router.get(
    '/deals/:id/agreement/executed',
    auth,
    validate({ params: IdParam, produces: ['application/pdf'] }, async (ctx, { params }) => {
      const deal = visible(actorOf(ctx), 'deals', await getDeal(sql, params.id), DEAL_NOT_FOUND);
      const copy = deal.executed_copy;
      if (!copy) throw new HttpError(404, NO_EXECUTED_COPY);
      const file = { sha256: copy.sha256, size: copy.size, fileName: `Executed agreement - ${deal.deal_name}.pdf`, contentType: 'application/pdf' };
      await sendStoredFile(ctx, sql, file, `the executed copy of deal ${deal.id} is missing`);
    }),
  );

  /** "Try again" on a signing that needs attention: the process acts on the deal's signature anew. */
  router.post(
    '/deals/:id/signing/retry',
    auth,
    permit('deal.changeStage'),
    validate({ response: Deal, params: IdParam, body: RetrySigningInput }, async (ctx, { params: { id }, body }) => {
      const { view } = await deps.handle(dealAggregate, id, { type: 'RetrySigning' }, commandContext(ctx), { expectedVersion: body.version, read: (tx: Tx) => getDeal(tx, id) });
      ctx.body = view;
    }),
  );

  return router;
}
