import type { Context, Next } from 'koa';
import type { Db } from '../../events/store/types';
import { getUser } from '../../projections/users/queries';
import type { User } from '@shared/schemas/auth';
import type { TokenService } from '../auth/tokens';
import { unauthorized } from '../httpError';
import { REQUIRES_AUTH } from '../openapi';

export interface AuthState {
  user: User;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Requires a valid bearer token and loads its user fresh from the read model, so a change of
 * role or locations (or a deletion) takes effect on the next request.
 */
export function authenticate(db: Db, tokens: TokenService) {
  const requireUser = async (ctx: Context, next: Next) => {
    const userId = await tokens.verify(bearerToken(ctx.get('authorization')));
    const user = userId ? await getUser(db, userId) : null;
    if (!user) throw unauthorized();
    (ctx.state as AuthState).user = user;
    await next();
  };
  return Object.assign(requireUser, { [REQUIRES_AUTH]: true });
}
