import type { Actor } from '@shared/domain/access';
import { DEFAULT_HOURS, MEETING_ROOM_TYPE, withOffset, type OpeningHours, type Taken } from '@shared/domain/bookings';
import type { Booking, Room } from '@shared/schemas/bookings';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { ACCESS_AND_FILTER, locationFilter } from '../offices/queries';
import { scopeParams } from '../scope';
import { iso, rowReads } from '../engine/projection';

interface BookingRow extends Omit<Booking, 'starts_at' | 'ends_at' | 'created_at' | 'updated_at' | 'room_number'> {
  room_number: string | null;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  updated_at: Date;
  time_zone: string | null;
}

/** Times answer on the location's clock, with its offset: a client shows them as the building reads them. */
const toBooking = (r: BookingRow): Booking => {
  const zone = r.time_zone ?? DEFAULT_HOURS.time_zone;
  return {
    id: r.id,
    room_id: r.room_id,
    room_number: r.room_number ?? '',
    location_id: r.location_id,
    title: r.title,
    member_id: r.member_id,
    member_name: r.member_id ? r.member_name : null,
    starts_at: withOffset(r.starts_at, zone),
    ends_at: withOffset(r.ends_at, zone),
    booked_by: r.booked_by,
    status: r.status,
    series_id: r.series_id,
    notes: r.notes,
    version: r.version,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
};

/** Room number, member name and the location's zone are joined at read time: renames never leave stale copies. */
const SELECT = `
  SELECT b.id, b.room_id, o.office_number AS room_number, b.location_id, b.title, b.member_id, m.company_name AS member_name,
         b.starts_at, b.ends_at, b.booked_by, b.status, b.series_id, b.notes, b.version, b.created_at, b.updated_at, l.time_zone
  FROM bookings b
  LEFT JOIN offices o ON o.id = b.room_id
  LEFT JOIN members m ON m.id = b.member_id
  LEFT JOIN locations l ON l.id = b.location_id`;

export const bookingReads = rowReads(SELECT, 'b', toBooking);
export const getBooking = bookingReads.byId;

export interface BookingWindow {
  location?: string;
  room_id?: string;
  member_id?: string;
  /** Bookings that end after `from` and start before `to`. */
  from: string;
  to: string;
}

/** The bookings an actor may see in a window, confirmed and cancelled, by start; one query. */
export async function listBookings(db: Db, actor: Actor, q: BookingWindow): Promise<Booking[]> {
  return bookingReads.where(
    db,
    `${ACCESS_AND_FILTER('bookings', 'b')}
       AND ($4::uuid IS NULL OR b.room_id = $4)
       AND ($5::uuid IS NULL OR b.member_id = $5)
       AND b.ends_at > $6::timestamptz AND b.starts_at < $7::timestamptz
     ORDER BY b.starts_at, b.id`,
    [...scopeParams(actor), locationFilter(q.location), q.room_id ?? null, q.member_id ?? null, q.from, q.to],
  );
}

/** A member company's next confirmed bookings from `from`, soonest first. */
export async function upcomingBookings(db: Db, actor: Actor, memberId: string, from: string, limit: number): Promise<Booking[]> {
  return bookingReads.where(
    db,
    `${ACCESS_AND_FILTER('bookings', 'b')} AND b.member_id = $4 AND b.status = 'confirmed' AND b.ends_at > $5::timestamptz
     ORDER BY b.starts_at, b.id LIMIT ${Math.trunc(limit)}`,
    [...scopeParams(actor), null, memberId, from],
  );
}

/** The confirmed bookings of a series not yet ended, for cancelling it together. */
export async function seriesBookingIds(db: Db, seriesId: string, now: Date): Promise<string[]> {
  const rows = await db.unsafe<{ id: string }[]>(
    `SELECT id FROM bookings WHERE series_id = $1 AND status = 'confirmed' AND ends_at > $2::timestamptz ORDER BY starts_at`,
    [seriesId, now.toISOString()],
    PREPARED,
  );
  return rows.map((r) => r.id);
}

/**
 * The room's confirmed bookings overlapping any of the spans: read under the room's lock, in the
 * command's transaction, they are every booking a new one could meet.
 */
export async function takenSpans(db: Db, roomId: string, spans: readonly { starts_at: string; ends_at: string }[]): Promise<Taken[]> {
  const rows = await db.unsafe<{ id: string; starts_at: Date; ends_at: Date; booked_by: string }[]>(
    `SELECT b.id, b.starts_at, b.ends_at, b.booked_by FROM bookings b
     WHERE b.room_id = $1 AND b.status = 'confirmed'
       AND EXISTS (SELECT 1 FROM unnest($2::timestamptz[], $3::timestamptz[]) AS w(s, e) WHERE b.starts_at < w.e AND w.s < b.ends_at)`,
    [roomId, spans.map((s) => s.starts_at), spans.map((s) => s.ends_at)],
    PREPARED,
  );
  return rows.map((r) => ({ id: r.id, starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString(), booked_by: r.booked_by }));
}

/** An office with its location's clock: what a booking needs to know of its room. */
export interface RoomPlace {
  id: string;
  office_number: string;
  location_id: string;
  type: string;
  hours: OpeningHours;
}

export async function getRoomPlace(db: Db, officeId: string): Promise<RoomPlace | null> {
  const [row] = await db.unsafe<{ id: string; office_number: string; location_id: string; type: string; time_zone: string; opens_at: string; closes_at: string }[]>(
    `SELECT o.id, o.office_number, o.location_id, o.type, l.time_zone, l.opens_at, l.closes_at
     FROM offices o JOIN locations l ON l.id = o.location_id WHERE o.id = $1`,
    [officeId],
    PREPARED,
  );
  if (!row) return null;
  return { id: row.id, office_number: row.office_number, location_id: row.location_id, type: row.type, hours: { time_zone: row.time_zone, opens_at: row.opens_at, closes_at: row.closes_at } };
}

/** The meeting rooms an actor may see, optionally at one location, by location, floor and number. */
export async function listRooms(db: Db, actor: Actor, location: string | undefined): Promise<Room[]> {
  return db.unsafe<Room[]>(
    `SELECT o.id AS office_id, o.office_number, o.location_id, l.name AS location_name, o.desks AS capacity, o.floor,
            l.time_zone, l.opens_at, l.closes_at
     FROM offices o JOIN locations l ON l.id = o.location_id
     WHERE ${ACCESS_AND_FILTER('offices', 'o')} AND o.type = $4
     ORDER BY l.name COLLATE "C", o.floor, length(o.office_number), o.office_number COLLATE "C"`,
    [...scopeParams(actor), locationFilter(location), MEETING_ROOM_TYPE],
    PREPARED,
  );
}
