import type { Context } from 'koa';
import type { CommandContext } from '../../events/handleCommand';
import { CORRELATION_HEADER } from '@shared/realtime';
import { actorOf } from '../policies';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who acts, when, and under which correlation id: the client's (so the pushed change tells its
 * tab "this was you") when it sent a valid one, else the request id.
 */
export function commandContext(ctx: Context): CommandContext {
  const given = ctx.get(CORRELATION_HEADER);
  const actor = actorOf(ctx);
  return {
    userId: actor.id,
    actor,
    now: new Date(),
    correlationId: UUID.test(given) ? given.toLowerCase() : (ctx.state.requestId as string),
  };
}
