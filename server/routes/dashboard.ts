import Router from '@koa/router';
import type { Middleware } from 'koa';
import { Dashboard, DashboardQuery } from '@shared/schemas/dashboard';
import { readActivity } from '../activity/readActivity';
import { recentActivity } from '../activity/recentActivity';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';
import { filterTarget } from './locationFilter';

/** The id no location has: the figures of a location that does not exist, all zero. */
const NOWHERE = '00000000-0000-0000-0000-000000000000';
/** Recent Activity's entries. */
const ACTIVITY = 8;

/** GET /api/dashboard: the figures and lists of the dashboard for the chosen location (API.md). */
export function dashboardRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;
  router.get(
    '/dashboard',
    auth,
    validate({ query: DashboardQuery, response: Dashboard }, async (ctx, { query }) => {
      const actor = actorOf(ctx);
      // A location the caller may not see is refused (403); one that does not exist shows nothing, as lists do.
      const target = await filterTarget(sql, actor, query.location);
      const locationId = target === 'unknown' ? NOWHERE : (target?.id ?? null);
      const today = new Date().toISOString().slice(0, 10);
      // Who sees what: the role, the locations, and the user (their own account's events).
      const key = JSON.stringify([actor.id, actor.role, actor.locations, locationId, today]);
      // The memo first waits for the feed to reach the log's head (one query: this node's commits
      // and other nodes' alike), so memory holds every write committed before this request.
      const body = await deps.dashboards.get(key, async () => {
        const at = locationId ?? undefined;
        // From memory; the activity from the log only when the caller's page is older than what memory holds.
        const activity = (await deps.recentActivity.newest(actor, ACTIVITY, at)) ?? (await readActivity(sql, actor, { limit: ACTIVITY }, at));
        return { ...deps.dashboard.answer(actor, locationId, today), recentActivity: recentActivity(activity) };
      });
      ctx.body = body;
    }),
  );
  return router;
}
