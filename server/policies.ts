import type { Context, Next } from 'koa';
import type { Actor } from '@shared/domain/access';
import { ADMIN_ONLY, LOCATION_REFUSAL, POLICY, type Action } from '@shared/policy';
import type { LiveEntity } from '@shared/realtime';
import { canSee, VISIBILITY, type SeenBy, type VisibilityKind } from '@shared/visibility';
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

/** Why a reader is refused a row, by the kind of its entity's visibility (rows everyone reads are never refused). */
const UNSEEN: { [K in VisibilityKind]: string } = {
  location: LOCATION_REFUSAL,
  everyone: LOCATION_REFUSAL,
  admins: ADMIN_ONLY,
  self: ADMIN_ONLY,
  owner: 'Only its owner may see this',
};

/** Refuses (403) a read of a row the actor may not see, by its entity's declared visibility. */
export function assertMaySee<E extends LiveEntity>(actor: Actor, entity: E, row: SeenBy<E>) {
  if (!canSee(actor, entity, row)) throw forbidden(UNSEEN[VISIBILITY[entity].by]);
}

/** Refuses (403) any read of a location outside the actor's list. */
export function assertLocationAccess(actor: Actor, locationId: string) {
  assertMaySee(actor, 'locations', { id: locationId });
}
