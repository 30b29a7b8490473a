import type { Context } from 'koa';
import type { CommandContext } from '../../events/handleCommand';
import { correlationOf } from '../middleware/correlation';
import { actorOf, permittedAction } from '../policies';

/** Who acts, when, under which correlation id (middleware/correlation.ts), and which policy action the route permitted. */
export function commandContext(ctx: Context): CommandContext {
  const actor = actorOf(ctx);
  return {
    userId: actor.id,
    actor,
    now: new Date(),
    correlationId: correlationOf(ctx),
    action: permittedAction(ctx),
  };
}
