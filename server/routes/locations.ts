import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { locationAggregate } from '../../events/location/decider';
import { getLocation, listLocations } from '../../projections/locations/queries';
import { IdParam } from '@shared/schemas/common';
import { CreateLocationInput, Location, UpdateLocationInput } from '@shared/schemas/locations';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';
import { visible } from './guards';

export function locationRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  router.get(
    '/locations',
    auth,
    validate({ response: z.array(Location) }, async (ctx) => {
      ctx.body = await listLocations(sql, actorOf(ctx));
    }),
  );

  router.get(
    '/locations/:id',
    auth,
    validate({ response: Location, params: IdParam }, async (ctx, { params: { id } }) => {
      ctx.body = visible(actorOf(ctx), 'locations', await getLocation(sql, id), 'Location not found');
    }),
  );

  router.post(
    '/locations',
    auth,
    permit('location.create'),
    validate({ response: Location, status: 201, body: CreateLocationInput }, async (ctx, { body: details }) => {
      const id = randomUUID();
      const { view } = await handle(locationAggregate, id, { type: 'CreateLocation', id, details }, commandContext(ctx), {
        read: (tx) => getLocation(tx, id),
      });
      ctx.status = 201;
      ctx.body = view;
    }),
  );

  router.put(
    '/locations/:id',
    auth,
    permit('location.update'),
    validate({ response: Location, params: IdParam, body: UpdateLocationInput }, async (ctx, { params: { id }, body: input }) => {
      const { name, city, address, manager, floors } = input;
      const changes = { name, city, address, manager, floors };
      const { view } = await handle(locationAggregate, id, { type: 'UpdateLocation', changes }, commandContext(ctx), { expectedVersion: input.version, read: (tx) => getLocation(tx, id) });
      ctx.body = view;
    }),
  );

  return router;
}
