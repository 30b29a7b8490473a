import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns';
import { MEETING_ROOM_TYPE, localDate, wallClock } from '@shared/domain/bookings';
import { bookingAggregate } from '../../events/booking/decider';
import type { HandleCommand } from '../../events/handleCommand';
import { locationAggregate } from '../../events/location/decider';
import { officeAggregate } from '../../events/office/decider';
import type { Pool } from '../../events/store/types';
import { DEMO_LOCATIONS } from './demoData';
import { seedOnce } from './once';
import { prng } from './prng';

/** Two meeting rooms per location, on its top floor: 'A' seats 6, 'B' seats 12. */
const ROOMS = [
  { suffix: 'A', desks: 6 },
  { suffix: 'B', desks: 12 },
];
const TITLES = ['Team stand-up', 'Client pitch', 'Board review', 'Interview', 'Design critique', 'Quarterly planning', 'Investor call', 'Workshop'];

/**
 * The demo's meeting rooms and their bookings over the next two weeks, once (their own marker,
 * so a demo database seeded before bookings existed gets them too): each location's zone as
 * DEMO_LOCATIONS says (Austin keeps Central time), rooms of type 'Meeting Room' (never leased:
 * UNAVAILABLE for leasing), and bookings in opening hours on each location's own clock, made by
 * the demo administrator and the manager of the location where there is one.
 */
export async function seedDemoBookings(sql: Pool, handle: HandleCommand): Promise<boolean> {
  return seedOnce(sql, 'system-demo-seed-bookings', 'DemoBookingsSeeded', async (tx) => {
    const locations = await tx<{ id: string; name: string; floors: number[]; time_zone: string }[]>`
      SELECT id, name, floors, time_zone FROM locations ORDER BY name`;
    if (locations.length === 0) return false;
    const people = await tx<{ id: string; name: string; role: string; locations: string[] }[]>`
      SELECT id, name, role, locations::text[] AS locations FROM users WHERE role IN ('admin', 'manager') ORDER BY email`;
    const members = await tx<{ id: string; location_id: string }[]>`SELECT id, location_id FROM members ORDER BY company_name`;
    const rng = prng(20_261_127);
    const now = new Date();
    const system = { userId: 'system', now };
    for (const location of locations) {
      const zone = DEMO_LOCATIONS.find((l) => l.name === location.name)?.time_zone ?? location.time_zone;
      if (zone !== location.time_zone) {
        await handle(locationAggregate, location.id, { type: 'UpdateLocation', changes: { time_zone: zone } }, system, { tx });
      }
      // On the top floor: the office list (by floor, then number) keeps leasable offices first.
      const floor = location.floors[location.floors.length - 1] ?? 1;
      const booker =
        people.find((p) => p.role === 'manager' && p.locations.includes(location.id)) ?? people.find((p) => p.role === 'admin');
      const here = members.filter((m) => m.location_id === location.id);
      for (const { suffix, desks } of ROOMS) {
        const roomId = randomUUID();
        const details = {
          office_number: `${floor}${suffix}`, location_id: location.id, type: MEETING_ROOM_TYPE, desks, floor, windowed: suffix === 'A',
          marketed_rates: { monthly: 0, six_month: 0, twelve_month: 0 },
        };
        await handle(officeAggregate, roomId, { type: 'CreateOffice', id: roomId, details }, system, { tx });
        await handle(officeAggregate, roomId, { type: 'ChangeOfficeStatus', status: 'UNAVAILABLE' }, system, { tx });
        if (!booker) continue;
        // A few bookings a day over the next 14 days, at 9:00, 11:00, 14:00 or 16:00 local time, none overlapping.
        const today = localDate(now, zone);
        for (let day = 1; day <= 14; day++) {
          for (const hour of [9, 11, 14, 16]) {
            if (rng.next() < 0.55) continue;
            const start = addDays(wallClock(today, `${String(hour).padStart(2, '0')}:00`, zone), day);
            const length = rng.pick([30, 60, 60, 90, 120]);
            const starts_at = new Date(start.getTime()).toISOString();
            const ends_at = new Date(start.getTime() + length * 60_000).toISOString();
            const id = randomUUID();
            const member = here.length > 0 && rng.next() < 0.6 ? rng.pick(here).id : null;
            const booking = {
              id, title: rng.pick(TITLES), member_id: member, notes: null, starts_at, ends_at,
              booked_by_id: booker.id, booked_by: booker.name, series_id: null,
            };
            const room = { id: roomId, room_number: details.office_number, location_id: location.id, hours: { time_zone: zone, opens_at: '07:00', closes_at: '22:00' } };
            await handle(bookingAggregate, id, { type: 'MakeBooking', booking, room, now, taken: [] }, { userId: booker.id, now }, { tx });
          }
        }
      }
    }
    return true;
  });
}
