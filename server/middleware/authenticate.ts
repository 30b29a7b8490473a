import type { Context, Next } from 'koa';
import type { Db } from '../../events/store/types';
import type { User } from '@shared/schemas/auth';
import type { TokenService } from '../auth/tokens';
import type { UserCache } from '../auth/userCache';
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
 * Requires a valid bearer token and its user as it stands: from `users`, which drops a user on
 * every user event this process commits (so a change of role or locations, or a deletion, takes
 * effect on the next request) or the change feed reads (another node's, within the feed's delay).
 */
export function authenticate(db: Db, tokens: TokenService, users: UserCache) {
  const requireUser = async (ctx: Context, next: Next) => {
    const userId = await tokens.verify(bearerToken(ctx.get('authorization')));
    const user = userId ? await users.get(db, userId) : null;
    if (!user) throw unauthorized();
    (ctx.state as AuthState).user = user;
    await next();
  };
  return Object.assign(requireUser, { [REQUIRES_AUTH]: true });
}
