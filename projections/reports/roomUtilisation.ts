import { MEETING_ROOM_TYPE, minutesOf, wallClock } from '@shared/domain/bookings';
import { addDays } from '@shared/domain/reportsPeriods';
import type { RoomUtilisation, UtilisationFigures } from '@shared/schemas/reports';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { scopeWhere } from '../scope';
import type { ReportScope } from './queries';

interface Row {
  room_id: string;
  room_number: string;
  location_id: string;
  location: string;
  time_zone: string;
  opens_at: string;
  closes_at: string;
  booked_hours: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const figures = (booked: number, open: number): UtilisationFigures => ({
  booked_hours: round1(booked),
  open_hours: round1(open),
  utilisation: open > 0 ? round1((booked / open) * 100) : 0,
});

/**
 * Meeting-room utilisation from `from` to `to` (YYYY-MM-DD, both days included): booked hours ÷
 * open hours per room and per location. Each location's days are its own (midnight to midnight
 * on its wall clock, DST days included), its open hours its opening hours on each of those days;
 * a confirmed booking counts the part of it inside the window. As of a past day, the window ends
 * with that day.
 */
export async function roomUtilisation(db: Db, scope: ReportScope, from: string, to: string): Promise<RoomUtilisation> {
  const locations = await db.unsafe<{ id: string; time_zone: string }[]>(
    `SELECT l.id, l.time_zone FROM locations l WHERE ${scopeWhere('locations', 'l')} AND ($3::uuid IS NULL OR l.id = $3)`,
    [scope.all, scope.locations, scope.location] as never[],
    PREPARED,
  );
  const instant = (day: string, zone: string) => new Date(wallClock(day, '00:00', zone).getTime()).toISOString();
  const rows = await db.unsafe<Row[]>(
    `WITH win AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(location_id, from_at, to_at))
     SELECT o.id AS room_id, o.office_number AS room_number, l.id AS location_id, l.name AS location, l.time_zone, l.opens_at, l.closes_at,
            COALESCE(sum(extract(epoch FROM least(b.ends_at, w.to_at) - greatest(b.starts_at, w.from_at))), 0)::float / 3600 AS booked_hours
     FROM offices o
     JOIN win w ON w.location_id = o.location_id
     JOIN locations l ON l.id = o.location_id
     LEFT JOIN bookings b ON b.room_id = o.id AND b.status = 'confirmed' AND b.starts_at < w.to_at AND b.ends_at > w.from_at
     WHERE o.type = $4
     GROUP BY o.id, l.id
     ORDER BY l.name COLLATE "C", o.floor, o.office_number COLLATE "C"`,
    [locations.map((l) => l.id), locations.map((l) => instant(from, l.time_zone)), locations.map((l) => instant(addDays(to, 1), l.time_zone)), MEETING_ROOM_TYPE],
    PREPARED,
  );
  const days = Math.round((Date.parse(`${addDays(to, 1)}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  const openOf = (r: Row) => (days * (minutesOf(r.closes_at) - minutesOf(r.opens_at))) / 60;
  const rooms = rows.map((r) => ({ room_id: r.room_id, room_number: r.room_number, location_id: r.location_id, location: r.location, ...figures(r.booked_hours, openOf(r)) }));
  const byLocation = new Map<string, { location_id: string; location: string; rooms: number; booked: number; open: number }>();
  for (const r of rows) {
    const at = byLocation.get(r.location_id) ?? { location_id: r.location_id, location: r.location, rooms: 0, booked: 0, open: 0 };
    at.rooms += 1;
    at.booked += r.booked_hours;
    at.open += openOf(r);
    byLocation.set(r.location_id, at);
  }
  const perLocation = [...byLocation.values()].map((l) => ({ location_id: l.location_id, location: l.location, rooms: l.rooms, ...figures(l.booked, l.open) }));
  const total = [...byLocation.values()].reduce((sum, l) => ({ booked: sum.booked + l.booked, open: sum.open + l.open }), { booked: 0, open: 0 });
  return { from, to, ...figures(total.booked, total.open), rooms, locations: perLocation };
}
