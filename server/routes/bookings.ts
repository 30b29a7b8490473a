import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import {
  BOOKING_NOT_FOUND,
  BOOKING_RANGE,
  BOOKING_RANGE_MAX_DAYS,
  BOOKING_SERIES_SIZE,
  seriesSpans,
  type Span,
} from '@shared/domain/bookings';
import { IdParam, VersionBody } from '@shared/schemas/common';
import {
  Booking,
  BookingCreated,
  BookingListQuery,
  BookingSummary,
  BookingSummaryQuery,
  CancelBookingQuery,
  CreateBookingInput,
  READ_ONLY_BOOKING_KEYS,
  Room,
  RoomListQuery,
  UpdateBookingInput,
} from '@shared/schemas/bookings';
import { assertSeriesBookable, bookingAggregate, type BookingRoom } from '../../events/booking/decider';
import type { BookingChanges } from '../../events/booking/events';
import { officeAggregate } from '../../events/office/decider';
import type { Tx } from '../../events/store/types';
import { getBooking, listBookings, seriesBookingIds, takenSpans } from '../../projections/bookings/queries';
import { listRooms } from '../../projections/bookings/queries';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import type { AuthState } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { bookableRoom, namingOverlap, type Attempt } from './bookingRooms';
import { bookingSummary } from './bookingSummary';
import { commandContext } from './context';
import { editable } from './editable';
import { visible } from './guards';
import { filteredBy } from './locationFilter';

const DAY_MS = 86_400_000;
/** The window a list answers when the query names only one end, or none. */
const DEFAULT_WINDOW_DAYS = 31;

/** The list's window: from the start of today (UTC) unless given, 31 days long unless given; at most 62. */
function windowOf(query: BookingListQuery, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = query.from ? Date.parse(query.from) : query.to ? Date.parse(query.to) - DEFAULT_WINDOW_DAYS * DAY_MS : today;
  const to = query.to ? Date.parse(query.to) : from + DEFAULT_WINDOW_DAYS * DAY_MS;
  if (to <= from) throw new HttpError(400, 'Invalid query: to: To must be after from', [{ field: 'to', message: 'To must be after from' }]);
  if (to - from > BOOKING_RANGE_MAX_DAYS * DAY_MS) throw new HttpError(400, `Invalid query: to: ${BOOKING_RANGE}`, [{ field: 'to', message: BOOKING_RANGE }]);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Takes the rooms' locks: each room's own stream lock (its office stream), in one order so two
 * moves between the same rooms never wait for each other crosswise. Every booking command of a
 * room holds it from before it reads the room's bookings until it commits: the consistency
 * boundary that makes "no two confirmed bookings overlap" a decision, not a race.
 */
function lockRooms(lockAhead: (aggregate: { streamId(id: string): string }, id: string) => void, roomIds: string[]) {
  for (const id of [...new Set(roomIds)].sort()) lockAhead(officeAggregate, id);
}

const asUtc = (span: Span): Span => ({ starts_at: new Date(span.starts_at).toISOString(), ends_at: new Date(span.ends_at).toISOString() });

export function bookingRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  const read = (id: string) => ({ read: (tx: Tx) => getBooking(tx, id) });

  router.get(
    '/rooms',
    auth,
    validate({ query: RoomListQuery, response: z.array(Room) }, async (ctx, { query }) => {
      ctx.body = await filteredBy(sql, (actor, q: RoomListQuery) => listRooms(sql, actor, q.location))(ctx, query);
    }),
  );

  router.get(
    '/bookings',
    auth,
    validate({ query: BookingListQuery, response: z.array(Booking) }, async (ctx, { query }) => {
      const window = windowOf(query, new Date());
      ctx.body = await filteredBy(sql, (actor, q: BookingListQuery) => listBookings(sql, actor, { ...q, ...window }))(ctx, query);
    }),
  );

  router.get(
    '/bookings/summary',
    auth,
    validate({ query: BookingSummaryQuery, response: BookingSummary, errors: [404] }, async (ctx, { query }) => {
      ctx.body = await bookingSummary(sql, actorOf(ctx), query.member_id, new Date());
    }),
  );

  router.get(
    '/bookings/:id',
    auth,
    validate({ params: IdParam, response: Booking }, async (ctx, { params }) => {
      ctx.body = visible(actorOf(ctx), 'bookings', await getBooking(sql, params.id), BOOKING_NOT_FOUND);
    }),
  );

  router.post(
    '/bookings',
    auth,
    permit('booking.create'),
    validate({ body: CreateBookingInput, response: BookingCreated, status: 201, errors: [409] }, async (ctx, { body }) => {
      const context = commandContext(ctx);
      const user = (ctx.state as AuthState).user;
      const first = { starts_at: body.starts_at, ends_at: body.ends_at };
      const attempt: Attempt = { room_id: body.room_id, spans: [first], exclude: [], series: body.repeat !== undefined };
      const made = await namingOverlap(sql, attempt, () =>
        handle.transaction(async (run, tx, lockAhead) => {
          lockRooms(lockAhead, [body.room_id]);
          const room = await bookableRoom(tx, context.actor!, 'booking.create', body.room_id);
          const spans = seriesSpans(first, body.repeat, room.hours.time_zone);
          if (!spans) throw new HttpError(400, BOOKING_SERIES_SIZE, [{ field: 'repeat', message: BOOKING_SERIES_SIZE }]);
          attempt.spans = spans;
          const taken = await takenSpans(tx, room.id, spans);
          // A series is booked whole or not at all: every clash is named before anything is booked.
          if (body.repeat) assertSeriesBookable(room, spans, context.now, taken);
          const seriesId = body.repeat ? randomUUID() : null;
          const views: Booking[] = [];
          for (const span of spans) {
            const id = randomUUID();
            const booking = {
              id, title: body.title, member_id: body.member_id, notes: body.notes ?? null, ...span,
              booked_by_id: user.id, booked_by: user.name, series_id: seriesId,
            };
            const { view } = await run(bookingAggregate, id, { type: 'MakeBooking', booking, room, now: context.now, taken }, context, read(id));
            views.push(view!);
          }
          return views;
        }),
      );
      ctx.status = 201;
      ctx.body = body.repeat ? made : made[0];
    }),
  );

  router.put(
    '/bookings/:id',
    auth,
    permit('booking.update'),
    validate({ params: IdParam, body: UpdateBookingInput, response: Booking, errors: [409] }, async (ctx, { params: { id }, body }) => {
      const actor = actorOf(ctx);
      visible(actor, 'bookings', await getBooking(sql, id), BOOKING_NOT_FOUND);
      const changes = editable<BookingChanges>(body, READ_ONLY_BOOKING_KEYS);
      const context = commandContext(ctx);
      const attempt: Attempt = { room_id: changes.room_id ?? '', spans: [], exclude: [id], series: false };
      const view = await namingOverlap(sql, attempt, () =>
        handle.transaction(async (run, tx, lockAhead) => {
          lockAhead(bookingAggregate, id);
          // Read once the booking's lock is held: the span checked is the one the command changes.
          const current = (await getBooking(tx, id))!;
          const roomId = changes.room_id ?? current.room_id;
          lockRooms(lockAhead, [current.room_id, roomId]);
          const room: BookingRoom = await bookableRoom(tx, actor, 'booking.update', roomId);
          const span = asUtc({ starts_at: changes.starts_at ?? current.starts_at, ends_at: changes.ends_at ?? current.ends_at });
          Object.assign(attempt, { room_id: roomId, spans: [span] });
          const taken = await takenSpans(tx, room.id, [span]);
          const { title, member_id, notes, starts_at, ends_at } = changes;
          const command = { type: 'ChangeBooking' as const, changes: { title, member_id, notes, starts_at, ends_at }, room, now: context.now, taken };
          const { view } = await run(bookingAggregate, id, command, context, { expectedVersion: body.version, ...read(id) });
          return view;
        }),
      );
      ctx.body = view;
    }),
  );

  router.delete(
    '/bookings/:id',
    auth,
    permit('booking.cancel'),
    validate({ params: IdParam, query: CancelBookingQuery, body: VersionBody, status: 204, errors: [409] }, async (ctx, { params: { id }, query, body }) => {
      const current = visible(actorOf(ctx), 'bookings', await getBooking(sql, id), BOOKING_NOT_FOUND);
      const context = commandContext(ctx);
      const series = (query.series === '1' || query.series === 'true') && current.series_id !== null;
      const ids = series ? [id, ...(await seriesBookingIds(sql, current.series_id!, context.now)).filter((other) => other !== id)] : [id];
      await handle.transaction(async (run) => {
        for (const bookingId of ids) {
          const expectedVersion = bookingId === id ? (body.version ?? query.version) : undefined;
          await run(bookingAggregate, bookingId, { type: 'CancelBooking', series }, context, { expectedVersion });
        }
      });
      ctx.status = 204;
    }),
  );

  return router;
}
