import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { SearchQuery, SearchResult } from '@shared/schemas/search';
import { search } from '../../projections/search/queries';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';

/** GET /api/search?q=&limit=: every kind of row the caller may see (see `search`). */
export function searchRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  router.get(
    '/search',
    auth,
    validate({ query: SearchQuery, response: z.array(SearchResult) }, async (ctx, { query }) => {
      ctx.body = await search(deps.sql, actorOf(ctx), query.q, query.limit);
    }),
  );
  return router;
}
