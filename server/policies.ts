import type { Context, Next } from 'koa';
import { canAccessLocation, type Actor } from '@shared/domain/access';
import { LOCATION_REFUSAL, POLICY, type Action } from '@shared/policy';
import { forbidden } from './httpError';
import type { AuthState } from './middleware/authenticate';

/**
 * Route-side use of the shared policy table. Commands check the full rule (role and the row's
 * locations) inside their transaction; `permit` refuses a role that may never do the action
 * before the request body is even read.
 */
export const actorOf = (ctx: Context): Actor => (ctx.state as AuthState).user;

interface PermitState {
  action?: Action;
}

/** The action the route permitted: its commands are checked against it unless they name another. */
export const permittedAction = (ctx: Context): Action | undefined => (ctx.state as PermitState).action;

/** A route names its policy action once, here: the early role check, and the action its commands run under. */
export function permit(action: Action) {
  return async function permitted(ctx: Context, next: Next) {
    const rule = POLICY[action];
    if (!(rule.roles as readonly string[]).includes(actorOf(ctx).role)) throw forbidden(rule.refusal);
    (ctx.state as PermitState).action = action;
    await next();
  };
}

/** Refuses (403) any read of a location outside the actor's list. */
export function assertLocationAccess(actor: Actor, locationId: string) {
  if (!canAccessLocation(actor, locationId)) throw forbidden(LOCATION_REFUSAL);
}
