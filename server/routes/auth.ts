import Router from '@koa/router';
import type { Middleware } from 'koa';
import { findCredentials } from '../../projections/users/queries';
import { LoginInput, type LoginResult } from '@shared/schemas/auth';
import { verifyPassword } from '../auth/passwords';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import type { AuthState } from '../middleware/authenticate';
import { validate } from '../middleware/validate';

/** The same words whichever limit refused: they neither confirm the account nor say who else is guessing. */
function tooManyAttempts(seconds: number): string {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many failed sign-in attempts. Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

export function authRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();

  router.post(
    '/auth/login',
    validate({ body: LoginInput }, async (ctx, { body: { email, password } }) => {
      const wait = await deps.throttle.attempt(email, ctx.ip);
      if (wait > 0) throw new HttpError(429, tooManyAttempts(wait), undefined, { 'Retry-After': String(wait) });
      const found = await findCredentials(deps.sql, email);
      if (!(await verifyPassword(password, found?.password_hash ?? null)) || !found) {
        throw new HttpError(401, 'Invalid email or password');
      }
      await deps.throttle.succeeded(email, ctx.ip);
      const body: LoginResult = { access_token: await deps.tokens.sign(found.user.id), user: found.user };
      ctx.body = body;
    }),
  );

  router.get(
    '/auth/me',
    auth,
    validate({}, (ctx) => {
      ctx.body = (ctx.state as AuthState).user;
    }),
  );

  return router;
}
