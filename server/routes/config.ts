import Router from '@koa/router';
import { headPosition } from '../../events/store/append';
import { PublicConfig } from '@shared/schemas/auth';
import { HealthAnswer, ReadyAnswer } from '@shared/schemas/health';
import type { AppDeps } from '../deps';
import { checkSettingsKey } from '../settings/keyCheck';
import { validate } from '../middleware/validate';

/** How long readiness waits for the database, and how far behind the log the push may be. */
const READY_TIMEOUT_MS = 2_000;
const READY_MAX_LAG = 1_000;

/** Why the node should not take traffic now, or null when it may. */
async function notReadyBecause(deps: AppDeps): Promise<string | null> {
  try {
    const head = await Promise.race([
      headPosition(deps.sql),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)),
    ]);
    const lag = head - deps.livePosition();
    if (lag > READY_MAX_LAG) return `The live push is ${lag} events behind the log`;
    // The database answered this node's pool, but the live push has not read the log again yet
    // (it looks at least once a second): its screens would not update.
    if (!deps.liveStatus().following) return 'The live push has not yet followed the log again since the database was out of reach';
    // A node with another settings key would fail whatever it opens (Slack, the CRM key): keep traffic away and say why.
    return await checkSettingsKey(deps.sql, deps.secrets);
  } catch {
    return 'The database cannot be reached';
  }
}

/** Public, unauthenticated: what the sign-in page needs before anyone signs in, and health. */
export function configRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get(
    '/config',
    validate({ response: PublicConfig }, (ctx) => {
      const body: PublicConfig = {
        demo_mode: deps.demo.enabled,
        demo_email: deps.demo.enabled ? deps.demo.email : null,
        demo_password: deps.demo.enabled ? deps.demo.password : null,
      };
      ctx.body = body;
    }),
  );
  // Liveness: the process answers. Nothing else, for anyone may ask.
  router.get(
    '/health',
    validate({ response: HealthAnswer }, (ctx) => {
      ctx.body = { status: 'ok' };
    }),
  );
  // Readiness: send this node traffic only while it reaches the database, its live push keeps up
  // with the log (a node far behind would show stale screens) and its settings key opens the
  // stored secrets, and never once it is stopping.
  router.get(
    '/ready',
    validate({ response: ReadyAnswer, answers: { 503: ReadyAnswer } }, async (ctx) => {
      const reason = deps.drain.draining() ? 'The node is stopping' : await notReadyBecause(deps);
      ctx.status = reason ? 503 : 200;
      ctx.body = reason ? { status: 'not ready', reason } : { status: 'ready' };
    }),
  );
  return router;
}
