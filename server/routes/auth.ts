import Router from '@koa/router';
import type { Middleware } from 'koa';
import { findCredentials } from '../../projections/users/queries';
import { LoginInput, LoginResult, User } from '@shared/schemas/auth';
import { verifyPassword } from '../auth/passwords';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import type { AuthState } from '../middleware/authenticate';
import { validate } from '../middleware/validate';

export function authRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();

  router.post(
    '/auth/login',
    validate({ body: LoginInput, response: LoginResult, errors: [401, 429] }, async (ctx, { body: { email, password } }) => {
      const wait = await deps.throttle.attempt(email, ctx.ip);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          undefined,
          { 'Retry-After': String(wait) },
        );
      }
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
    validate({ response: User }, (ctx) => {
      ctx.body = (ctx.state as AuthState).user;
    }),
  );

  return router;
}
