import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, localDate, wallClock } from '@shared/domain/bookings';
import type { OccupancyReport } from '@shared/schemas/reports';
import { bookingAggregate } from '../../events/booking/decider';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const NY = 'America/New_York';

describe('room utilisation in the occupancy report', () => {
  it('is booked hours over open hours per room and location, up to the as_of day', async () => {
    const room = await w.newOffice('Bushwick', { type: 'Meeting Room', desks: 10, office_number: `U-${Date.now() % 10000}` });
    const today = localDate(new Date(), NY);
    const yesterday = localDate(addDays(wallClock(today, '12:00', NY), -1), NY);
    const place = { id: room.id, room_number: room.office_number, location_id: room.location_id, hours: DEFAULT_HOURS };
    // Booked back then (a command's time is its own): two hours on the report's day, one hour the day after it.
    const bookAt = async (day: string, from: string, to: string) => {
      const id = randomUUID();
      const span = { starts_at: new Date(wallClock(day, from, NY).getTime()).toISOString(), ends_at: new Date(wallClock(day, to, NY).getTime()).toISOString() };
      const booking = { id, title: 'Counted', member_id: null, notes: null, ...span, booked_by_id: 'system', booked_by: 'System', series_id: null };
      const then = new Date(Date.parse(span.starts_at) - 86_400_000);
      await w.server.deps.handle(bookingAggregate, id, { type: 'MakeBooking', booking, room: place, now: then, taken: [] }, { userId: 'system', now: then });
    };
    await bookAt(yesterday, '10:00', '12:00');
    await bookAt(today, '20:00', '21:00');

    const res = await w.api<OccupancyReport>('GET', `/api/reports/occupancy?location=Bushwick&as_of=${yesterday}`, { token: w.tokens.viewer });
    expect(res.status, res.text).toBe(200);
    const u = res.body.room_utilisation;
    expect(u.to).toBe(yesterday);
    expect(u.from).toBe(`${yesterday.slice(0, 7)}-01`);
    const days = Number(yesterday.slice(8, 10));
    const mine = u.rooms.find((r) => r.room_id === room.id)!;
    expect(mine).toMatchObject({ booked_hours: 2, open_hours: days * 15, utilisation: Math.round((2 / (days * 15)) * 1000) / 10 });
    const location = u.locations.find((l) => l.location_id === room.location_id)!;
    expect(location.rooms).toBe(u.rooms.length);
    expect(location.open_hours).toBe(days * 15 * location.rooms);
    expect(location.booked_hours).toBeCloseTo(u.rooms.reduce((sum, r) => sum + r.booked_hours, 0), 1);

    // The download shows the same figures.
    const csv = await fetch(`${w.server.url}/api/reports/occupancy?location=Bushwick&as_of=${yesterday}&format=csv`, { headers: { authorization: `Bearer ${w.tokens.viewer}` } });
    const text = await csv.text();
    expect(text).toContain('Meeting Room Utilization');
    expect(text).toMatch(new RegExp(`Bushwick,Room ${mine.room_number},2,${days * 15},`));

    // Today's report counts today's booking too.
    const live = await w.api<OccupancyReport>('GET', '/api/reports/occupancy?location=Bushwick', { token: w.tokens.viewer });
    const now = live.body.room_utilisation.rooms.find((r) => r.room_id === room.id)!;
    expect(now.booked_hours).toBe(yesterday.slice(0, 7) === today.slice(0, 7) ? 3 : 1);
  });
});
