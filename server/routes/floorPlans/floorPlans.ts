import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps';
import { backgroundRoutes } from './background';
import { placementRoutes } from './placements';
import { planReadRoutes } from './planReads';

/** Floor plans (API.md "Floor plans"): the plan and its floors, the offices' boxes, the background. */
export function floorPlanRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  planReadRoutes(router, deps, auth);
  placementRoutes(router, deps, auth);
  backgroundRoutes(router, deps, auth);
  return router;
}
