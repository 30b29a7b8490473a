import Router from '@koa/router';
import type { Middleware } from 'koa';
import { locationAggregate } from '../../events/location/decider';
import { getLocation, listLocations } from '../../projections/locations/queries';
import { CreateLocationInput, Location, UpdateLocationInput } from '@shared/schemas/locations';
import type { AppDeps } from '../deps';
import { actorOf, permit } from '../policies';
import { collectionRoutes } from './collectionRoutes';
import { commandContext } from './context';
import { visible } from './guards';

export function locationRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const locations = collectionRoutes(router, auth, '/locations', Location, getLocation);

  locations.list(undefined, async (ctx) => listLocations(sql, actorOf(ctx)));

  locations.get(async (actor, id) => visible(actor, 'locations', await getLocation(sql, id), 'Location not found'));

  locations.create(permit('location.create'), CreateLocationInput, async (ctx, details, id) => {
    const { view } = await handle(locationAggregate, id, { type: 'CreateLocation', id, details }, commandContext(ctx), locations.read(id));
    return view;
  });

  locations.update(permit('location.update'), UpdateLocationInput, async (ctx, id, input) => {
    const { name, city, address, manager, floors, time_zone, opens_at, closes_at } = input;
    const changes = { name, city, address, manager, floors, time_zone, opens_at, closes_at };
    const { view } = await handle(locationAggregate, id, { type: 'UpdateLocation', changes }, commandContext(ctx), { expectedVersion: input.version, ...locations.read(id) });
    return view;
  });

  return router;
}
