import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { reportToday } from '@shared/domain/reportsPeriods';
import { z } from 'zod';
import { BackgroundListQuery, FloorBackgroundRow, FloorList, FloorListQuery, FloorPlacement, FloorPlan, FloorPlanQuery, PlacementListQuery } from '@shared/schemas/floorPlans';
import {
  backgroundOfFloor,
  floorsOf,
  listBackgrounds,
  listPlacements,
  placementsAsOf,
  placementsOnFloor,
  unplacedOnFloor,
} from '../../../projections/floorPlans/queries';
import type { AppDeps } from '../../deps';
import { planLocation } from '../../floorPlans/planLocation';
import { validate } from '../../middleware/validate';
import { actorOf } from '../../policies';
import { filterTarget } from '../locationFilter';

/**
 * GET /api/floor-plans: one floor's plan, its boxes coloured by their offices as they stand (or
 * as a past day ended, `as_of`), and the offices of the floor not on it yet.
 * GET /api/floor-plans/floors: the floors of a location, for the floor picker.
 * GET /api/floor-plans/placements and /backgrounds: the rows of the live entities floor_placements
 * and floor_backgrounds the caller may see, as the socket pushes them.
 */
export function planReadRoutes(router: Router, deps: AppDeps, auth: Middleware) {
  const { sql } = deps;

  /** The location a list's filter names (null: every one the actor may see), 'unknown' for none. */
  const listTarget = async (ctx: Parameters<Middleware>[0], location: string | undefined) => {
    const target = await filterTarget(sql, actorOf(ctx), location);
    return target === 'unknown' ? target : (target?.id ?? null);
  };

  router.get(
    '/floor-plans/placements',
    auth,
    validate({ query: PlacementListQuery, response: z.array(FloorPlacement), description: 'Every office box (live entity floor_placements) the caller may see, optionally of one location and floor.' }, async (ctx, { query }) => {
      const target = await listTarget(ctx, query.location);
      ctx.body = target === 'unknown' ? [] : await listPlacements(sql, actorOf(ctx), target, query.floor ?? null);
    }),
  );

  router.get(
    '/floor-plans/backgrounds',
    auth,
    validate({ query: BackgroundListQuery, response: z.array(FloorBackgroundRow), description: 'Every floor background (live entity floor_backgrounds) the caller may see, optionally of one location.' }, async (ctx, { query }) => {
      const target = await listTarget(ctx, query.location);
      ctx.body = target === 'unknown' ? [] : await listBackgrounds(sql, actorOf(ctx), target);
    }),
  );

  router.get(
    '/floor-plans/floors',
    auth,
    validate({ query: FloorListQuery, response: FloorList, errors: [404], description: 'The floors of a location (those it lists and those its offices are on), lowest first, with how many offices each has and how many are on its plan.' }, async (ctx, { query }) => {
      const location = await planLocation(sql, actorOf(ctx), query.location);
      ctx.body = { location_id: location.id, location_name: location.name, floors: await floorsOf(sql, location.id) };
    }),
  );

  router.get(
    '/floor-plans',
    auth,
    validate(
      {
        query: FloorPlanQuery,
        response: FloorPlan,
        errors: [404],
        description:
          'One floor’s plan. x, y, width and height are fractions (0..1) of the plan. With as_of (a past day), statuses, members and lease ends are those of that day. The background’s url needs the bearer token like every API call.',
      },
      async (ctx, { query }) => {
        const location = await planLocation(sql, actorOf(ctx), query.location);
        const day = query.as_of && query.as_of < reportToday(new Date()) ? query.as_of : null;
        const [background, placements, unplaced] = await Promise.all([
          backgroundOfFloor(sql, location.id, query.floor),
          day ? placementsAsOf(sql, location.id, query.floor, day) : placementsOnFloor(sql, location.id, query.floor),
          unplacedOnFloor(sql, location.id, query.floor, day ?? undefined),
        ]);
        ctx.body = {
          location_id: location.id,
          location_name: location.name,
          floor: query.floor,
          as_of: day,
          background: background && { url: background.url, width: background.width, height: background.height },
          placements,
          unplaced,
        };
      },
    ),
  );
}
