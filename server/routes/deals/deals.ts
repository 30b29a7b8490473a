import Router from '@koa/router';
import type { Middleware } from 'koa';
import { DEAL_NOT_FOUND, dealAggregate } from '../../../events/deal/decider';
import type { DealTermsData } from '../../../events/deal/events';
import { rankBetween } from '@shared/domain/rank';
import { columnAround, getDeal, listDeals, stageVisits } from '../../../projections/deals/queries';
import { dealStats } from '../../../projections/deals/stats';
import { dealsProjection } from '../../../projections/deals/projection';
import { readAhead } from '../../../projections/engine/declaredInline';
import { CreateDealInput, Deal, DealListQuery, DealStats, DealStatsQuery, MoveDealInput, READ_ONLY_DEAL_KEYS, UndoDealMoveInput, UpdateDealInput } from '@shared/schemas/deals';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../httpError';
import type { AuthState } from '../../middleware/authenticate';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { commandContext } from '../context';
import { editable } from '../editable';
import { dealOffices } from './dealOffices';
import { dealParties, editParties } from './dealParties';
import { placeBetween } from './dealPlace';
import { collectionRoutes } from '../collectionRoutes';
import { assertLocationExists, visible } from '../guards';
import { assertMayFilterBy, filteredBy } from '../locationFilter';
import { assertInLog, dealChangesRoutes } from './dealChanges';

export function dealRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const deals = collectionRoutes(router, auth, '/deals', Deal, getDeal);

  deals.list(
    DealListQuery,
    filteredBy(sql, async (actor, query) => {
      await assertInLog(sql, 'as_of', 'As of', query.as_of);
      return listDeals(sql, actor, query);
    }),
  );

  // Before /deals/:id, which would take "stats" for an id.
  router.get(
    '/deals/stats',
    auth,
    validate({ response: DealStats, query: DealStatsQuery }, async (ctx, { query }) => {
      await assertMayFilterBy(sql, actorOf(ctx), query.location);
      await assertInLog(sql, 'as_of', 'As of', query.as_of);
      // As of an instant: the deals and their stays as they stood then, figures counted at that instant.
      const deals = await listDeals(sql, actorOf(ctx), { location: query.location, as_of: query.as_of });
      const visits = await stageVisits(sql, deals.map((d) => d.id), query.as_of);
      ctx.body = dealStats(deals, visits, query.as_of ? new Date(query.as_of) : new Date());
    }),
  );

  dealChangesRoutes(router, deps, auth);

  deals.get(async (actor, id) => visible(actor, 'deals', await getDeal(sql, id), DEAL_NOT_FOUND));

  deals.create(permit('deal.create'), CreateDealInput, async (ctx, body, id) => {
    await assertLocationExists(sql, body.location_id);
    const market_rate = await dealOffices(sql, body.office_ids, body.location_id);
    const terms: DealTermsData = { ...body, market_rate, assigned_to: body.assigned_to ?? (ctx.state as AuthState).user.name };
    const context = commandContext(ctx);
    const { view } = await handle.transaction(async (run, tx) => {
      // The deal's company and contact, found or created in the same transaction.
      Object.assign(terms, await dealParties(run, tx, body, context));
      // A new deal goes on top of the first column.
      const [first] = await columnAround(tx, 'form_submitted', null, null, null);
      const rank = rankBetween(null, first?.rank ?? null);
      return run(dealAggregate, id, { type: 'CreateDeal', id, terms, stage: 'form_submitted', rank }, context, deals.read(id));
    });
    return view;
  });

  deals.update(permit('deal.update'), UpdateDealInput, async (ctx, id, body) => {
    const current = visible(actorOf(ctx), 'deals', await getDeal(sql, id), DEAL_NOT_FOUND);
    const changes = editable<DealTermsData>(body, READ_ONLY_DEAL_KEYS);
    const locationId = changes.location_id ?? current.location_id;
    if (changes.location_id !== undefined) await assertLocationExists(sql, changes.location_id);
    if (changes.office_ids !== undefined || changes.location_id !== undefined) {
      changes.market_rate = await dealOffices(sql, changes.office_ids ?? current.office_ids, locationId, current.office_ids);
    }
    const context = commandContext(ctx);
    const { view } = await handle.transaction(async (run, tx) => {
      // A company or contact picked or typed anew: linked, or created, in the edit's transaction.
      const write = { run, tx, context, source: changes.source ?? current.source };
      Object.assign(changes, await editParties(write, changes, current));
      return run(dealAggregate, id, { type: 'EditDeal', changes }, context, { expectedVersion: body.version, ...deals.read(id) });
    });
    return view;
  });

  deals.action('patch', 'stage', permit('deal.changeStage'), MoveDealInput, async (ctx, id, body) => {
    const context = commandContext(ctx);
    const { view } = await handle.transaction(async (run, tx, lockAhead) => {
      // The deal's lock goes out with BEGIN, the read of its place and the read of its row the
      // deals read model evolves: one round trip before the writes, the append and the COMMIT.
      lockAhead(dealAggregate, id);
      readAhead(tx, dealsProjection.model!, [id]);
      const before = body.before_id ?? null;
      const after = body.after_id ?? null;
      const place = placeBetween(await columnAround(tx, body.stage, id, before, after), before, after);
      if (!place) throw new HttpError(400, 'The card to place it next to is not in that stage', [{ field: 'before_id', message: 'Not in that stage' }]);
      // The mover's name: a move to Agreement Signed names them as the deal's signer.
      const actor_name = (ctx.state as AuthState).user.name;
      const move = { type: 'MoveDeal' as const, stage: body.stage, ...place, actor_id: context.userId, actor_name };
      return run(dealAggregate, id, move, context, { expectedVersion: body.version, ...deals.read(id), last: true });
    });
    return view;
  });

  deals.action('post', 'undo', permit('deal.changeStage'), UndoDealMoveInput, async (ctx, id, body) => {
    const context = commandContext(ctx);
    const { view } = await handle(dealAggregate, id, { type: 'UndoMove', actor_id: context.userId }, context, { expectedVersion: body.version, ...deals.read(id) });
    return view;
  });

  return router;
}
