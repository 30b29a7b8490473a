import Router from '@koa/router';
import { headPosition } from '../../events/store/append';
import type { PublicConfig } from '@shared/schemas/auth';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';

/** Public, unauthenticated: what the sign-in page needs before anyone signs in. */
export function configRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get(
    '/config',
    validate({}, (ctx) => {
      const body: PublicConfig = {
        demo_mode: deps.demo.enabled,
        demo_email: deps.demo.enabled ? deps.demo.email : null,
        demo_password: deps.demo.enabled ? deps.demo.password : null,
      };
      ctx.body = body;
    }),
  );
  router.get(
    '/health',
    validate({}, async (ctx) => {
      ctx.body = { status: 'ok', position: await headPosition(deps.sql) };
    }),
  );
  return router;
}
