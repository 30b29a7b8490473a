import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CANCELLED, DEFAULT_HOURS, localDate, wallClock } from '@shared/domain/bookings';
import { bookingAggregate } from '../../events/booking/decider';
import { namingOverlap } from '../../server/routes/bookingRooms';
import type { Booking } from '@shared/schemas/bookings';
import type { Office } from '@shared/schemas/offices';
import { addDays } from 'date-fns';
import { officeWorld, type OfficeWorld } from './officeHelpers';

/**
 * No double booking, as a property: whatever random users book, move and cancel at once (real
 * concurrent HTTP requests), no two confirmed bookings of one room ever overlap, each contested
 * slot has exactly one winner, and every loser hears which booking is in its way.
 */

let w: OfficeWorld;
let rooms: Office[];
beforeAll(async () => {
  w = await officeWorld();
  rooms = [];
  for (let i = 0; i < 3; i++) rooms.push(await w.newOffice('55 Broadway', { type: 'Meeting Room', desks: 6, office_number: `Race${i}-${Date.now() % 10000}` }));
});
afterAll(async () => {
  await w?.server.stop();
});

const NY = 'America/New_York';
/** hh:mm New York time, `days` from today there. */
const at = (days: number, minutes: number) =>
  new Date(addDays(wallClock(localDate(new Date(), NY), '07:00', NY), days).getTime() + minutes * 60_000).toISOString();

/** Pairs of confirmed bookings of one room that overlap: none, ever. */
async function overlapping(): Promise<number> {
  const [row] = await w.server.deps.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bookings a JOIN bookings b
      ON a.room_id = b.room_id AND a.id < b.id AND a.status = 'confirmed' AND b.status = 'confirmed'
     AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`;
  return row!.n;
}

/** One booking in the way, or several (a long booking can span two), each named, joined by '; '. */
const ONE_CLASH = String.raw`Room \S+ is booked \d\d:\d\d-\d\d:\d\d by (Alex Morgan|Jordan Lee)`;
const CLASH = new RegExp(`^${ONE_CLASH}(; ${ONE_CLASH})*$`);

describe('racing for a room', () => {
  it('gives one of 50 concurrent racers the slot, and each of the others a 409 naming the winner', async () => {
    const body = { room_id: rooms[0]!.id, title: 'Race', starts_at: at(2, 3 * 60), ends_at: at(2, 4 * 60) };
    const tokens = [w.tokens.admin, w.tokens.manager];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => w.api<Booking & { message?: string }>('POST', '/api/bookings', { token: tokens[i % 2]!, body: { ...body, title: `Racer ${i}` } })),
    );
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    const winner = won[0]!.body;
    for (const loser of lost) expect(loser.body.message).toBe(`Room ${rooms[0]!.office_number} is booked 10:00-11:00 by ${winner.booked_by}`);
    expect(await overlapping()).toBe(0);
  });

  it('never leaves two confirmed bookings of a room overlapping, whatever random users do at once', async () => {
    const tokens = { admin: w.tokens.admin, manager: w.tokens.manager, viewer: w.tokens.viewer };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), room: fc.nat(2), slot: fc.nat(20), length: fc.integer({ min: 1, max: 8 }), by: fc.constantFrom('admin', 'manager', 'viewer') }),
      fc.record({ kind: fc.constant('move' as const), booking: fc.nat(), slot: fc.nat(20), length: fc.integer({ min: 1, max: 8 }), by: fc.constantFrom('admin', 'manager') }),
      fc.record({ kind: fc.constant('cancel' as const), booking: fc.nat(), by: fc.constantFrom('admin', 'manager', 'viewer') }),
    );
    let day = 10;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 2, maxLength: 12 }), { minLength: 3, maxLength: 6 }), fc.integer({ min: 2, max: 10 }), async (batches, racers) => {
        // Each run on a day of its own: 15-minute slots from 07:00.
        day += 1;
        const made: string[] = [];
        const span = (slot: number, length: number) => ({ starts_at: at(day, slot * 15), ends_at: at(day, (slot + length) * 15) });
        for (const batch of batches) {
          const answers = await Promise.all(
            batch.map(async (o) => {
              const token = tokens[o.by];
              if (o.kind === 'book') {
                const res = await w.api<Booking & { message?: string }>('POST', '/api/bookings', { token, body: { room_id: rooms[o.room]!.id, title: 'Random', ...span(o.slot, o.length) } });
                if (res.status === 201) made.push(res.body.id);
                return res;
              }
              if (made.length === 0) return null;
              const id = made[o.booking % made.length]!;
              if (o.kind === 'move') return w.api<{ message?: string }>('PUT', `/api/bookings/${id}`, { token, body: span(o.slot, o.length) });
              return w.api<{ message?: string }>('DELETE', `/api/bookings/${id}`, { token });
            }),
          );
          for (const a of answers) {
            if (!a) continue;
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
            expect([200, 201, 204, 403, 409]).toContain(a.status);
            // Every clash was decided by the command, which names the booking in the way (or the booking was cancelled meanwhile).
            if (a.status === 409 && a.body.message !== BOOKING_CANCELLED) expect(a.body.message).toMatch(CLASH);
          }
          expect(await overlapping()).toBe(0);
        }
        // A contested slot, fresh: exactly one of the racers wins it.
        const contested = { room_id: rooms[2]!.id, title: 'Contested', starts_at: at(day, 14 * 60), ends_at: at(day, 14 * 60 + 30) };
        const race = await Promise.all(Array.from({ length: racers }, (_, i) => w.api('POST', '/api/bookings', { token: i % 2 ? tokens.admin : tokens.manager, body: contested })));
        expect(race.filter((r) => r.status === 201)).toHaveLength(1);
        expect(race.filter((r) => r.status === 409)).toHaveLength(racers - 1);
        expect(await overlapping()).toBe(0);
      }),
      { numRuns: 6, endOnFailure: true },
    );
    // The runs met every answer: bookings made, clashes refused, a viewer refused.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(409) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(403) ?? 0).toBeGreaterThan(0);
  }, 240_000);

  it('keeps the exclusion constraint as the last guard: an overlapping confirmed row is refused by the database itself', async () => {
    const first = await w.api<Booking>('POST', '/api/bookings', { token: w.tokens.admin, body: { room_id: rooms[1]!.id, title: 'Guarded', starts_at: at(30, 60), ends_at: at(30, 120) } });
    expect(first.status, first.text).toBe(201);
    const row = (await w.server.deps.sql<Record<string, unknown>[]>`SELECT * FROM bookings WHERE id = ${first.body.id}`)[0]!;
    const copy = { ...row, id: '00000000-0000-4000-8000-00000000beef', starts_at: new Date(Date.parse(first.body.starts_at) + 30 * 60_000) };
    await expect(w.server.deps.sql`INSERT INTO bookings ${w.server.deps.sql(copy)}`).rejects.toMatchObject({ code: '23P01', constraint_name: 'bookings_no_overlap' });
    // A cancelled one may overlap: only confirmed bookings hold the room.
    await w.server.deps.sql`INSERT INTO bookings ${w.server.deps.sql({ ...copy, status: 'cancelled' })}`;
    await w.server.deps.sql`DELETE FROM bookings WHERE id = ${copy.id}`;

    // A command that decided without seeing the booking (as if the room's lock were not taken): the
    // constraint refuses its row, and the answer is the 409 naming the booking in the way, not a 500.
    const room = { id: rooms[1]!.id, room_number: rooms[1]!.office_number, location_id: rooms[1]!.location_id, hours: DEFAULT_HOURS };
    const id = randomUUID();
    const spanAt = { starts_at: at(30, 90), ends_at: at(30, 150) };
    const booking = { id, title: 'Unguarded', member_id: null, notes: null, ...spanAt, booked_by_id: 'system', booked_by: 'System', series_id: null };
    const attempt = { room_id: room.id, spans: [spanAt], exclude: [], series: false };
    const unguarded = namingOverlap(w.server.deps.sql, attempt, () =>
      w.server.deps.handle(bookingAggregate, id, { type: 'MakeBooking', booking, room, now: new Date(), taken: [] }, { userId: 'system', now: new Date() }),
    );
    await expect(unguarded).rejects.toMatchObject({ status: 409, message: `Room ${room.room_number} is booked 08:00-09:00 by Alex Morgan` });
    expect(await overlapping()).toBe(0);
  });
});
