import type { Context } from 'koa';
import { CORRELATION_HEADER } from '@shared/realtime';
import { isUuid } from '@shared/schemas/common';

/**
 * The correlation id of a request: the client's (so the pushed change tells its tab "this was
 * you") when it sent a valid one, else the request id. It goes into the events' metadata, the
 * request's log line and the push's, so one id follows a change from the click to every socket.
 */
export function correlationOf(ctx: Context): string {
  const given = ctx.get(CORRELATION_HEADER);
  return isUuid(given) ? given.toLowerCase() : (ctx.state.requestId as string);
}
