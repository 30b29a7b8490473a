import { addMonths, startOfMonth, format } from 'date-fns';
import type { Actor } from '@shared/domain/access';
import { DEFAULT_HOURS, inZone } from '@shared/domain/bookings';
import type { BookingSummary } from '@shared/schemas/bookings';
import type { Db } from '../../events/store/types';
import { upcomingBookings } from '../../projections/bookings/queries';
import { getMember } from '../../projections/members/queries';
import { scopeParams, scopeWhere } from '../../projections/scope';
import { visible } from './guards';

/** How many upcoming bookings a member's profile lists. */
const UPCOMING = 20;

/**
 * A member company's bookings for its profile: the next ones, and the confirmed hours booked in
 * the current month on its location's calendar (a booking across the month's edge counts its part
 * inside). Only bookings the reader may see count.
 */
export async function bookingSummary(db: Db, actor: Actor, memberId: string, now: Date): Promise<BookingSummary> {
  const member = visible(actor, 'members', await getMember(db, memberId), 'Member not found');
  const [place] = await db<{ time_zone: string }[]>`SELECT time_zone FROM locations WHERE id = ${member.location_id}`;
  const zone = place?.time_zone ?? DEFAULT_HOURS.time_zone;
  const monthStart = startOfMonth(inZone(now, zone));
  const monthEnd = addMonths(monthStart, 1);
  const [upcoming, [hours]] = await Promise.all([
    upcomingBookings(db, actor, memberId, now.toISOString(), UPCOMING),
    db.unsafe<{ hours: number }[]>(
      `SELECT COALESCE(sum(extract(epoch FROM least(b.ends_at, $5::timestamptz) - greatest(b.starts_at, $4::timestamptz))), 0)::float / 3600 AS hours
       FROM bookings b
       WHERE ${scopeWhere('bookings', 'b')} AND b.member_id = $3 AND b.status = 'confirmed'
         AND b.starts_at < $5::timestamptz AND b.ends_at > $4::timestamptz`,
      [...scopeParams(actor), memberId, new Date(monthStart.getTime()).toISOString(), new Date(monthEnd.getTime()).toISOString()],
    ),
  ]);
  return { member_id: memberId, upcoming, hours_this_month: Math.round((hours?.hours ?? 0) * 100) / 100, month: format(monthStart, 'yyyy-MM') };
}
