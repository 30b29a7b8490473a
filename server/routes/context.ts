import type { Context } from 'koa';
import type { CommandContext } from '../../events/handleCommand';
import { actorOf } from '../policies';

/** Who acts, when, and under which request id: passed to every command. */
export function commandContext(ctx: Context): CommandContext {
  return { userId: actorOf(ctx).id, now: new Date(), correlationId: ctx.state.requestId as string };
}
