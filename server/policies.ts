import type { Context, Next } from 'koa';
import type { Role } from '@shared/constants';
import { canAccessLocation, canMutate, type Actor } from '@shared/domain/access';
import { forbidden } from './httpError';
import type { AuthState } from './middleware/authenticate';

/**
 * Route guards built on the shared access rules. Every route that changes data names its
 * policy; the socket gateway uses the same rules to pick rooms.
 */
export const actorOf = (ctx: Context): Actor => (ctx.state as AuthState).user;

/** Viewers may read but never change anything. */
export async function requireWriter(ctx: Context, next: Next) {
  if (!canMutate(actorOf(ctx))) throw forbidden('Viewers have read-only access');
  await next();
}

export function requireRole(...roles: Role[]) {
  return async function requireOneOf(ctx: Context, next: Next) {
    if (!roles.includes(actorOf(ctx).role)) {
      throw forbidden(roles.length === 1 ? `Requires the ${roles[0]} role` : `Requires one of the roles: ${roles.join(', ')}`);
    }
    await next();
  };
}

/** Refuses (403) any read or write of a location outside the actor's list. */
export function assertLocationAccess(actor: Actor, locationId: string) {
  if (!canAccessLocation(actor, locationId)) throw forbidden("You don't have access to this location");
}
