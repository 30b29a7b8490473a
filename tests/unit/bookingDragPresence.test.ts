import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { BookingDragMessage } from '@shared/realtime';
import type { User } from '@shared/schemas/auth';
import type { Booking } from '@shared/schemas/bookings';
import { createBookingDragPresence } from '../../server/realtime/bookingDragPresence';
import type { GatewaySocket } from '../../server/realtime/gateway';
import { applyBookingDrag, pruneBookingDrags } from '../../client/src/live/bookingDrags';
import { bookingsByColumn, clashIn, keyboardStart, spanOn, type CalendarColumn } from '../../client/src/screens/bookings/calendarModel';

const LOCATION = '11111111-1111-4111-8111-111111111111';
const ELSEWHERE = '44444444-4444-4444-8444-444444444444';
const ROOM = '22222222-2222-4222-8222-222222222222';
const FAR_ROOM = '55555555-5555-4555-8555-555555555555';
const BOOKING = '33333333-3333-4333-8333-333333333333';

const socket = (id: string, name: string, role: User['role'], locations: string[]) => {
  const received: BookingDragMessage[] = [];
  return { id, data: { user: { id: `user-${id}`, name, role, locations } }, received, volatile: { emit: (_e: string, m: BookingDragMessage) => received.push(m) } };
};

describe('calendar drags on the server', () => {
  const world = () => {
    let clock = 1_000;
    const dana = socket('a', 'Dana Lee', 'manager', [LOCATION]);
    const sam = socket('b', 'Sam Rivera', 'viewer', [LOCATION]);
    const presence = createBookingDragPresence({
      locateRoom: async (roomId) => (roomId === ROOM ? LOCATION : roomId === FAR_ROOM ? ELSEWHERE : null),
      calendarSockets: () => [dana, sam] as unknown as GatewaySocket[],
      logger: pino({ level: 'silent' }),
      now: () => clock,
    });
    const send = async (message: unknown) => {
      presence.announce(dana as unknown as GatewaySocket, message);
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { dana, sam, presence, send, tick: (ms: number) => (clock += ms) };
  };
  const held = { booking_id: BOOKING, room_id: ROOM, starts_at: '2026-12-18T15:00:00.000Z', ends_at: '2026-12-18T16:00:00.000Z' };

  it('passes a drag to the others on the calendar, never back to the dragger, and its let-go', async () => {
    const { dana, sam, send, tick } = world();
    await send(held);
    expect(sam.received).toEqual([{ user_id: 'user-a', name: 'Dana Lee', ...held }]);
    expect(dana.received).toEqual([]);
    tick(100);
    await send({ room_id: null });
    expect(sam.received.at(-1)).toEqual({ user_id: 'user-a', name: 'Dana Lee', booking_id: null, room_id: null });
  });

  it('ignores what is malformed, too fast, or at a location the dragger may not see', async () => {
    const { sam, send, tick } = world();
    await send({ room_id: ROOM, starts_at: 'soon' });
    await send({ ...held, room_id: FAR_ROOM });
    expect(sam.received).toEqual([]);
    await send(held);
    await send({ ...held, starts_at: '2026-12-18T15:15:00.000Z' });
    expect(sam.received).toHaveLength(1);
    tick(100);
    await send({ ...held, starts_at: '2026-12-18T15:15:00.000Z' });
    expect(sam.received).toHaveLength(2);
  });

  it('lets go of what a closed tab held', async () => {
    const { dana, sam, presence, send } = world();
    await send(held);
    presence.disconnected(dana as unknown as GatewaySocket);
    expect(sam.received.at(-1)?.room_id).toBeNull();
  });
});

describe('calendar drags in the browser', () => {
  it('keeps each person’s latest drag until they let go or it goes stale', () => {
    const message = { user_id: 'u1', name: 'Dana Lee', booking_id: null, room_id: ROOM, starts_at: 'a', ends_at: 'b' };
    const one = applyBookingDrag({}, message, 0);
    expect(one.u1).toMatchObject({ name: 'Dana Lee', room_id: ROOM, at: 0 });
    expect(applyBookingDrag(one, { ...message, room_id: null }, 10)).toEqual({});
    expect(pruneBookingDrags(one, 4_999)).toBe(one);
    expect(pruneBookingDrags(one, 5_000)).toEqual({});
  });
});

describe('the calendar model', () => {
  const NY = 'America/New_York';
  const column = (roomId: string, day: string): CalendarColumn => ({
    key: `${roomId}|${day}`, roomId, roomNumber: '3A', locationId: LOCATION, day, label: 'Room 3A', sublabel: '', name: 'Room 3A', hours: { opens: 420, closes: 1320 }, canWrite: true,
  });
  const booking = (id: string, starts_at: string, ends_at: string, status: Booking['status'] = 'confirmed') =>
    ({ id, room_id: ROOM, starts_at, ends_at, status, title: id }) as Booking;

  it('puts each confirmed booking in its room’s column for its local day, and keeps a column’s array when its bookings did not change', () => {
    const columns = [column(ROOM, '2026-12-18'), column(ROOM, '2026-12-19')];
    const late = booking('late', '2026-12-19T03:00:00.000Z', '2026-12-19T04:00:00.000Z');
    const next = booking('next', '2026-12-19T15:00:00.000Z', '2026-12-19T16:00:00.000Z');
    const gone = booking('gone', '2026-12-18T15:00:00.000Z', '2026-12-18T16:00:00.000Z', 'cancelled');
    const first = bookingsByColumn(columns, [late, next, gone], NY);
    expect(first[columns[0]!.key]!.map((b) => b.id)).toEqual(['late']);
    expect(first[columns[1]!.key]!.map((b) => b.id)).toEqual(['next']);
    const moved = { ...next, starts_at: '2026-12-19T16:00:00.000Z', ends_at: '2026-12-19T17:00:00.000Z' };
    const second = bookingsByColumn(columns, [late, moved], NY, first);
    expect(second[columns[0]!.key]).toBe(first[columns[0]!.key]);
    expect(second[columns[1]!.key]).not.toBe(first[columns[1]!.key]);
  });

  it('spans a booking on its day’s axis and finds what a dragged span would clash with', () => {
    const day = '2026-03-08';
    const b = booking('b', '2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z');
    expect(spanOn(b, day, NY)).toEqual({ start: 600, end: 660 });
    expect(clashIn([b], { start: 645, end: 700 }, day, NY)?.id).toBe('b');
    expect(clashIn([b], { start: 660, end: 700 }, day, NY)).toBeNull();
    expect(clashIn([b], { start: 600, end: 660 }, day, NY, 'b')).toBeNull();
  });

  it('starts a keyboard booking at the next quarter hour today, at opening on other days', () => {
    expect(keyboardStart(column(ROOM, '2026-12-18'), '2026-12-18', 601)).toBe(615);
    expect(keyboardStart(column(ROOM, '2026-12-18'), '2026-12-18', 100)).toBe(420);
    expect(keyboardStart(column(ROOM, '2026-12-19'), '2026-12-18', 601)).toBe(420);
  });
});
