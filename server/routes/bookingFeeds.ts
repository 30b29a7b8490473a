import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { MEETING_ROOM_TYPE, ROOM_NOT_FOUND } from '@shared/domain/bookings';
import { canSee } from '@shared/visibility';
import { BookingFeedQuery, FeedTokenIssued, FeedTokenStatus } from '@shared/schemas/bookings';
import { getRoomPlace, listBookings } from '../../projections/bookings/queries';
import { getMember } from '../../projections/members/queries';
import type { AppDeps } from '../deps';
import { bookingCalendar } from '../feeds/bookingCalendar';
import { feedTokenStatus, feedTokenUser, issueFeedToken, revokeFeedToken } from '../feeds/feedTokens';
import { HttpError, unauthorized } from '../httpError';
import type { AuthState } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import { actorOf, assertLocationAccess } from '../policies';
import { visible } from './guards';

const DAY_MS = 86_400_000;
/** What a feed holds: the past month (so a calendar keeps recent history) and the next six. */
const FEED_PAST_DAYS = 31;
const FEED_AHEAD_DAYS = 183;

export function bookingFeedRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, users } = deps;

  /**
   * The feed's own sign-in: calendar apps send no headers, so the user's feed token rides in the
   * URL. Checked before anything else, as a bearer token is: none, revoked or replaced is a 401.
   */
  async function feedToken(ctx: Context, next: Next) {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const userId = token && token.length <= 200 ? await feedTokenUser(sql, token) : null;
    const user = userId ? await users.get(sql, userId) : null;
    if (!user) throw unauthorized();
    (ctx.state as AuthState).user = user;
    await next();
  }

  router.get(
    '/bookings.ics',
    feedToken,
    validate({ query: BookingFeedQuery, produces: ['text/calendar'], errors: [401, 403, 404] }, async (ctx, { query }) => {
      const actor = actorOf(ctx);
      let name: string;
      if (query.room_id) {
        const room = await getRoomPlace(sql, query.room_id);
        if (!room || room.type !== MEETING_ROOM_TYPE) throw new HttpError(404, ROOM_NOT_FOUND);
        assertLocationAccess(actor, room.location_id);
        name = `Room ${room.office_number}`;
      } else {
        const member = visible(actor, 'members', await getMember(sql, query.member_id!), 'Member not found');
        name = `${member.company_name} bookings`;
      }
      const now = Date.now();
      const bookings = await listBookings(sql, actor, {
        room_id: query.room_id,
        member_id: query.member_id,
        from: new Date(now - FEED_PAST_DAYS * DAY_MS).toISOString(),
        to: new Date(now + FEED_AHEAD_DAYS * DAY_MS).toISOString(),
      });
      const locations = await sql<{ id: string; name: string }[]>`SELECT id, name FROM locations`;
      const names = new Map(locations.filter((l) => canSee(actor, 'locations', l)).map((l) => [l.id, l.name]));
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.body = bookingCalendar(name, bookings, names);
    }),
  );

  router.get(
    '/me/feed-token',
    auth,
    validate({ response: FeedTokenStatus }, async (ctx) => {
      ctx.body = await feedTokenStatus(sql, actorOf(ctx).id);
    }),
  );

  /** Makes the user's feed token, or a new one in place of the old (which stops working at once). */
  router.post(
    '/me/feed-token',
    auth,
    validate({ body: z.object({}).strict().optional(), response: FeedTokenIssued, status: 201 }, async (ctx) => {
      ctx.status = 201;
      ctx.body = await issueFeedToken(sql, actorOf(ctx).id);
    }),
  );

  router.delete(
    '/me/feed-token',
    auth,
    validate({ status: 204 }, async (ctx) => {
      await revokeFeedToken(sql, actorOf(ctx).id);
      ctx.status = 204;
    }),
  );

  return router;
}
