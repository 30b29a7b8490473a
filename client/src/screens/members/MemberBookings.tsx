import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import type { BookingSummary } from '@shared/schemas/bookings';
import { endpoints } from '../../api/endpoints';
import { EmptyNote } from '../../components/ProfileParts';
import { Card } from '../../components/ui/Card';
import { LoadFailed } from '../../components/LoadFailed';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useAtomValue } from '../../state/jotai';
import { bookingsAtom } from '../bookings/atoms';
import { clockOf, dayKeyOf, dayTitle } from '../bookings/bookingTime';

const hoursText = (hours: number) => `${Number.isInteger(hours) ? hours : hours.toFixed(2).replace(/0$/, '')} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * A member company's meeting-room bookings: the hours booked this month and what is coming, in
 * its location's zone. Loads again when a booking of the member changes live.
 */
export function MemberBookings({ memberId, zone }: { memberId: string; zone: string }) {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; summary: BookingSummary | null; error: unknown }>({ status: 'loading', summary: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const collection = useAtomValue(bookingsAtom);
  // What changed live of this member's bookings: a new one, a move, a cancellation.
  const signature = useMemo(
    () =>
      rowsOf(collection)
        .filter((b) => b.member_id === memberId)
        .map((b) => `${b.id}:${b.version}:${b.status}`)
        .sort()
        .join(','),
    [collection, memberId],
  );
  useEffect(() => {
    let cancelled = false;
    endpoints.bookingSummary(memberId).then(
      (summary) => !cancelled && setState({ status: 'ready', summary, error: null }),
      (error: unknown) => !cancelled && setState((s) => ({ ...s, status: 'error', error })),
    );
    return () => {
      cancelled = true;
    };
  }, [memberId, signature, attempt]);

  const summary = state.summary;
  return (
    <Card className="p-4 sm:p-6" data-testid="member-bookings">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarClock className="h-5 w-5 text-slate-500" aria-hidden />
          Meeting-room bookings
        </h2>
        {summary && (
          <p className="text-sm text-slate-700" data-testid="member-hours">
            <span className="font-semibold text-slate-900 tabular-nums">{hoursText(summary.hours_this_month)}</span> booked this month
          </p>
        )}
      </div>
      {state.status === 'error' && !summary ? (
        <LoadFailed compact title="Failed to load bookings" error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !summary ? (
        <LoadingNote text="Loading bookings..." label="Loading bookings" />
      ) : summary.upcoming.length === 0 ? (
        <EmptyNote>No upcoming bookings.</EmptyNote>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Upcoming bookings">
          {summary.upcoming.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium text-slate-900">{b.title}</span>
              <span className="text-slate-600 tabular-nums">
                {dayTitle(dayKeyOf(b.starts_at, zone))} · {clockOf(b.starts_at, zone)}–{clockOf(b.ends_at, zone)} ·{' '}
                <Link to={`/bookings?day=${dayKeyOf(b.starts_at, zone)}&room=${b.room_id}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  Room {b.room_number}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
