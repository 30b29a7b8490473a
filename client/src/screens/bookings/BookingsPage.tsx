import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarDays, CalendarRange, ChevronLeft, ChevronRight, Rss } from 'lucide-react';
import { may } from '@shared/policy';
import type { Booking, Room } from '@shared/schemas/bookings';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { SegmentedControl, type Segment } from '../../components/ui/SegmentedControl';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useNow } from '../../lib/useNow';
import { locationsAtom } from '../../shell/locationAtoms';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtom, useAtomValue } from '../../state/jotai';
import { bookingsAtom, calendarViewAtom, type CalendarView } from './atoms';
import { BookingDialog, type BookingDialogState } from './BookingDialog';
import { bookingDragsAtom } from '../../live/bookingDrags';
import { dayKeyOf, dayShort, dayTitle, instantAt, shiftDay, weekOf, type DayKey } from './bookingTime';
import { CalendarGrid, type Landing } from './CalendarGrid';
import { columnKey, type CalendarColumn } from './calendarModel';
import { hoursOf, zoneOf } from './locationClock';
import { SubscribeDialog } from './SubscribeDialog';
import { useBookingCommands } from './useBookingCommands';
import { useBookingPresence } from './useBookingPresence';
import { useRooms } from './useRooms';

const VIEWS: Segment<CalendarView>[] = [
  { key: 'day', label: 'Day', icon: CalendarDays, ariaLabel: 'Day view: every room' },
  { key: 'week', label: 'Week', icon: CalendarRange, ariaLabel: 'Week view: one room' },
];

/** Meeting-room bookings at one location: the selected one, or a location picked here under All Locations. */
export default function BookingsPage() {
  const selected = useSelectedLocation();
  const locationsCollection = useAtomValue(locationsAtom);
  const locations = useMemo(() => rowsOf(locationsCollection).sort((a, b) => a.name.localeCompare(b.name)), [locationsCollection]);
  const [picked, setPicked] = useState<string | null>(null);
  const location = selected.location ?? (picked ? locationsCollection.byId[picked] : undefined) ?? locations[0] ?? null;
  return (
    <div className="mx-auto max-w-screen-2xl space-y-4">
      {location ? (
        <BookingsScreen key={location.id} location={location} locations={selected.location ? null : locations} onPick={setPicked} />
      ) : (
        <>
          <PageHeader title="Bookings" subtitle="Meeting rooms by the day and by the week" />
          <LoadingNote text="Loading locations..." label="Loading locations" />
        </>
      )}
    </div>
  );
}

function BookingsScreen({ location, locations, onPick }: { location: Location; locations: Location[] | null; onPick: (id: string) => void }) {
  const user = useUser();
  const canWrite = may(user, 'booking.create', [location.id]);
  const zone = zoneOf(location);
  const now = useNow(30_000);
  const today = dayKeyOf(now, zone);
  const [view, setView] = useAtom(calendarViewAtom);
  // A link may name the day and the room (?day=2026-11-30&room=…): a member's booking, say.
  const [params] = useSearchParams();
  const [day, setDay] = useState<DayKey>(() => (/^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : today));
  const [roomId, setRoomId] = useState<string | null>(() => params.get('room'));
  const [dialog, setDialog] = useState<BookingDialogState | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((words: string) => setAnnouncement(words), []);

  const rooms = useRooms(location.name, location.id);
  const roomRows = rooms.rows;
  const room = rooms.rows.find((r) => r.office_id === roomId) ?? rooms.rows[0] ?? null;
  const days = useMemo(() => (view === 'day' ? [day] : weekOf(day)), [view, day]);
  const from = instantAt(days[0]!, 0, zone).toISOString();
  const to = instantAt(shiftDay(days[days.length - 1]!, 1), 0, zone).toISOString();

  const query = useLiveQuery(
    'bookings',
    `${location.id}|${from}|${to}`,
    () => endpoints.bookings({ location: location.name, from, to }),
    // Instants compare as instants: rows carry the location's offset, the window is in UTC.
    (b) => b.location_id === location.id && Date.parse(b.starts_at) < Date.parse(to) && Date.parse(b.ends_at) > Date.parse(from),
  );
  const collection = useAtomValue(bookingsAtom);
  const bookings = useMemo(() => rowsOf(collection).filter((b) => b.location_id === location.id), [collection, location.id]);

  const hours = hoursOf(location);
  const columns = useMemo((): CalendarColumn[] => {
    const column = (r: Room, d: DayKey, label: string, sublabel: string): CalendarColumn => ({
      key: columnKey(r.office_id, d),
      roomId: r.office_id,
      roomNumber: r.office_number,
      locationId: r.location_id,
      day: d,
      label,
      sublabel,
      name: `Room ${r.office_number}, ${dayTitle(d)}`,
      hours,
      canWrite: canWrite && d >= today,
    });
    if (view === 'day') return roomRows.map((r) => column(r, day, `Room ${r.office_number}`, `${r.capacity} seats · floor ${r.floor}`));
    return room ? days.map((d) => column(room, d, dayShort(d), `Room ${room.office_number}`)) : [];
  }, [view, roomRows, room, day, days, hours, canWrite, today]);

  const drags = useAtomValue(bookingDragsAtom);
  const onHold = useBookingPresence(zone);
  const commands = useBookingCommands(zone, announce);
  const onOpen = useCallback((booking: Booking) => setDialog({ kind: 'edit', booking, hours }), [hours, setDialog]);
  const onCreate = useCallback((landing: Landing) => setDialog({ kind: 'new', landing }), [setDialog]);


  const step = view === 'day' ? 1 : 7;
  const title = view === 'day' ? dayTitle(day) : `${dayShort(days[0]!)} – ${dayShort(days[6]!)}`;
  const loading = rooms.status === 'loading' || (query.status === 'loading' && bookings.length === 0);
  const dialogBooking = dialog?.kind === 'edit' ? (collection.byId[dialog.booking.id] ?? dialog.booking) : null;

  return (
    <>
      <PageHeader title="Bookings" subtitle={`Meeting rooms at ${location.name} · times in ${zone}`}>
        <Button variant="secondary" onClick={() => setSubscribing(true)}>
          <Rss className="h-4 w-4" aria-hidden />
          Subscribe
        </Button>
      </PageHeader>

      <Card className="flex flex-wrap items-center gap-3 p-3">
        {locations && (
          <Select aria-label="Location" className="w-48" value={location.id} onChange={(e) => onPick(e.target.value)}>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        )}
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="icon" aria-label={view === 'day' ? 'Previous day' : 'Previous week'} onClick={() => setDay((d) => shiftDay(d, -step))}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDay(today)} disabled={days.includes(today)}>
            Today
          </Button>
          <Button variant="secondary" size="icon" aria-label={view === 'day' ? 'Next day' : 'Next week'} onClick={() => setDay((d) => shiftDay(d, step))}>
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <h2 className="min-w-48 text-base font-semibold text-slate-900" aria-live="polite" data-testid="calendar-title">
          {title}
        </h2>
        <Input type="date" aria-label="Go to date" className="w-40" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        {view === 'week' && rooms.rows.length > 0 && (
          <Select aria-label="Room" className="w-40" value={room?.office_id ?? ''} onChange={(e) => setRoomId(e.target.value)}>
            {rooms.rows.map((r) => (
              <option key={r.office_id} value={r.office_id}>
                Room {r.office_number}
              </option>
            ))}
          </Select>
        )}
        <div className="ml-auto">
          <SegmentedControl label="Calendar view" segments={VIEWS} value={view} onChange={setView} />
        </div>
      </Card>

      {!canWrite && <p className="text-sm text-slate-600">You can see this location&apos;s bookings; booking rooms here is for its managers and administrators.</p>}

      {rooms.status === 'error' || query.status === 'error' ? (
        <LoadFailed title="Failed to load bookings. Please try again." error={rooms.error ?? query.error} onRetry={() => (rooms.status === 'error' ? rooms.retry() : query.retry())} />
      ) : loading ? (
        <LoadingNote text="Loading bookings..." label="Loading bookings" />
      ) : rooms.rows.length === 0 ? (
        <Card className="px-6 py-16 text-center text-slate-600">{location.name} has no meeting rooms yet. Offices of type Meeting Room show here.</Card>
      ) : (
        <CalendarGrid
          columns={columns}
          bookings={bookings}
          zone={zone}
          now={now}
          today={today}
          drags={drags}
          onOpen={onOpen}
          onCreate={onCreate}
          onChange={commands.change}
          onHold={onHold}
          announce={announce}
        />
      )}

      <p role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="calendar-announcer">
        {announcement}
      </p>

      {dialog && (
        <BookingDialog
          key={dialog.kind === 'edit' ? dialog.booking.id : `new-${dialog.landing.column.key}-${dialog.landing.span.start}`}
          state={dialogBooking ? { kind: 'edit', booking: dialogBooking, hours } : dialog}
          locationId={location.id}
          locationName={location.name}
          zone={zone}
          canWrite={canWrite && (dialog.kind === 'new' || Date.parse(dialogBooking?.ends_at ?? '') > now.getTime())}
          announce={announce}
          onClose={() => setDialog(null)}
        />
      )}
      {subscribing && <SubscribeDialog rooms={rooms.rows} room={room} onClose={() => setSubscribing(false)} />}
    </>
  );
}
