import Router from '@koa/router';
import type { Middleware } from 'koa';
import { findCredentials } from '../../projections/users/queries';
import { LoginInput, LoginResult, User } from '@shared/schemas/auth';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, DEVICE_COOKIE_PATH } from '../auth/deviceCookie';
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
    validate({ body: LoginInput, response: LoginResult, errors: [401, 429] }, async (ctx, { body: { email, password } }) => {
      const cookie = ctx.cookies.get(DEVICE_COOKIE);
      const device = deps.devices.verify(cookie, email);
      const wait = await deps.throttle.attempt(email, ctx.ip, device);
      if (wait > 0) throw new HttpError(429, tooManyAttempts(wait), undefined, { 'Retry-After': String(wait) });
      const found = await findCredentials(deps.sql, email);
      if (!(await verifyPassword(password, found?.password_hash ?? null)) || !found) {
        throw new HttpError(401, 'Invalid email or password');
      }
      await deps.throttle.succeeded(email, ctx.ip, device);
      // This browser has now proved it knows the password: its next sign-ins to this account are
      // counted on their own (server/auth/deviceCookie.ts).
      ctx.cookies.set(DEVICE_COOKIE, device ? cookie : deps.devices.issue(email), {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000,
        overwrite: true,
      });
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
