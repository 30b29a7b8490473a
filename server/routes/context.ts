import type { Context } from 'koa';
import type { CommandContext } from '../../events/handleCommand';
import { correlationOf } from '../middleware/correlation';
import { actorOf } from '../policies';

/** Who acts, when, and under which correlation id (middleware/correlation.ts). */
export function commandContext(ctx: Context): CommandContext {
  const actor = actorOf(ctx);
  return {
    userId: actor.id,
    actor,
    now: new Date(),
    correlationId: correlationOf(ctx),
  };
}
