import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { locationAggregate } from '../../events/location/decider';
import { getLocation, listLocations } from '../../projections/locations/queries';
import { IdParam } from '@shared/schemas/common';
import { CreateLocationInput, UpdateLocationInput } from '@shared/schemas/locations';
import type { AppDeps } from '../deps';
import { notFoundHttp } from '../httpError';
import { NoQuery, parse } from '../middleware/validate';
import { actorOf, assertLocationAccess, requireRole } from '../policies';
import { commandContext } from './context';

export function locationRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  router.get('/locations', auth, async (ctx) => {
    parse(NoQuery, ctx.query, 'query');
    ctx.body = await listLocations(sql, actorOf(ctx));
  });

  router.get('/locations/:id', auth, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const location = await getLocation(sql, id);
    if (!location) throw notFoundHttp('Location not found');
    assertLocationAccess(actorOf(ctx), id);
    ctx.body = location;
  });

  router.post('/locations', auth, requireRole('admin'), async (ctx) => {
    parse(NoQuery, ctx.query, 'query');
    const details = parse(CreateLocationInput, ctx.request.body);
    const id = randomUUID();
    const { view } = await handle(locationAggregate, id, { type: 'CreateLocation', id, details }, commandContext(ctx), {
      read: (tx) => getLocation(tx, id),
    });
    ctx.status = 201;
    ctx.body = view;
  });

  router.put('/locations/:id', auth, requireRole('admin'), async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const { version, ...changes } = parse(UpdateLocationInput, ctx.request.body);
    const { view } = await handle(locationAggregate, id, { type: 'UpdateLocation', changes }, commandContext(ctx), {
      expectedVersion: version,
      read: (tx) => getLocation(tx, id),
    });
    ctx.body = view;
  });

  return router;
}
