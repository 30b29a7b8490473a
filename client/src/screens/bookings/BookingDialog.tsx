import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Booking } from '@shared/schemas/bookings';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { Button } from '../../components/ui/Button';
import { ErrorBanner } from '../../components/ui/Banner';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { membersAtom } from '../members/atoms';
import { SLOT_MINUTES, clockText, dayKeyOf, dayTitle, instantAt, minutesOnDay, shiftDay, type DayKey } from './bookingTime';
import type { Hours } from './calendarDrag';
import { placeOf, useBookingCommands } from './useBookingCommands';
import type { Landing } from './CalendarGrid';

type Repeat = 'none' | 'daily' | 'weekly';

export type BookingDialogState = { kind: 'new'; landing: Landing } | { kind: 'edit'; booking: Booking; hours: Hours };

/** Quarter hours from opening to closing, for the start and end pickers. */
function quarterHours(hours: Hours): number[] {
  const out: number[] = [];
  for (let m = hours.opens; m <= hours.closes; m += SLOT_MINUTES) out.push(m);
  return out;
}

/**
 * A booking's details: a new one (title, member, repeat) drawn on the calendar, or one opened
 * to retitle, re-time or cancel. The server's refusal (a clash names who holds the room) shows
 * at the top and the dialog stays open.
 */
export function BookingDialog({
  state,
  locationId,
  locationName,
  zone,
  canWrite,
  announce,
  onClose,
}: {
  state: BookingDialogState;
  locationId: string;
  locationName: string;
  zone: string;
  canWrite: boolean;
  announce: (words: string) => void;
  onClose: () => void;
}) {
  const commands = useBookingCommands(zone, announce);
  const editing = state.kind === 'edit' ? state.booking : null;
  const day: DayKey = editing ? dayKeyOf(editing.starts_at, zone) : state.kind === 'new' ? state.landing.column.day : '';
  const hours = state.kind === 'edit' ? state.hours : state.landing.column.hours;
  const roomNumber = editing ? editing.room_number : state.kind === 'new' ? state.landing.column.roomNumber : '';
  const roomId = editing ? editing.room_id : state.kind === 'new' ? state.landing.column.roomId : '';

  const [title, setTitle] = useState(editing?.title ?? '');
  const [memberId, setMemberId] = useState(editing?.member_id ?? '');
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [start, setStart] = useState(editing ? minutesOnDay(editing.starts_at, day, zone) : state.kind === 'new' ? state.landing.span.start : 0);
  const [end, setEnd] = useState(editing ? minutesOnDay(editing.ends_at, day, zone) : state.kind === 'new' ? state.landing.span.end : 0);
  const [repeat, setRepeat] = useState<Repeat>('none');
  const [ends, setEnds] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState('4');
  const [until, setUntil] = useState(shiftDay(day, 28));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useLiveQuery('members', locationName, () => endpoints.members(locationName), (m) => m.location_id === locationId);
  const membersCollection = useAtomValue(membersAtom);
  const members = useMemo(
    () => rowsOf(membersCollection).filter((m) => m.location_id === locationId).sort((a, b) => a.company_name.localeCompare(b.company_name)),
    [membersCollection, locationId],
  );
  const times = quarterHours(hours);

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Title is required';
    if (end <= start) found.end = 'The booking must end after it starts';
    else if (end - start > 8 * 60) found.end = 'A booking lasts at most 8 hours';
    if (repeat !== 'none' && ends === 'count' && !(Number(count) >= 1 && Number(count) <= 52)) found.count = 'Repeat 1 to 52 times';
    if (repeat !== 'none' && ends === 'until' && !(until > day)) found.until = 'The last day must be after the first';
    return found;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, String(v)])));
    setFailure(reasonOf(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const place = { starts_at: instantAt(day, start, zone).toISOString(), ends_at: instantAt(day, end, zone).toISOString() };
    try {
      if (editing) {
        await commands.update(editing, { title: title.trim(), member_id: memberId || null, notes, ...place });
        toast.success(`Saved ${title.trim()}`);
      } else if (state.kind === 'new') {
        const { count: made } = await commands.create({
          ...placeOf(state.landing, zone),
          ...place,
          title: title.trim(),
          ...(memberId ? { member_id: memberId } : {}),
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(repeat === 'none' ? {} : { repeat: { freq: repeat, ...(ends === 'count' ? { count: Number(count) } : { until }) } }),
        });
        const words = made > 1 ? `Booked ${title.trim()} ${made} times in ${roomNumber}` : `Booked ${roomNumber} ${clockText(start)}–${clockText(end)}`;
        toast.success(words);
        announce(words);
      }
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const cancelBooking = async (series: boolean) => {
    if (!editing) return;
    setBusy(true);
    setFailure(null);
    try {
      await commands.cancel(editing, series);
      const words = series ? `Cancelled every booking of ${editing.title}` : `Cancelled ${editing.title}`;
      toast.success(words);
      announce(words);
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canWrite;
  const heading = editing ? (readOnly ? editing.title : 'Edit booking') : 'New booking';
  return (
    <ActionDialog
      title={heading}
      description={`${roomNumber} · ${dayTitle(day)} · times in ${zone}`}
      onClose={onClose}
      closeLabel={readOnly ? 'Close' : 'Cancel'}
      notice={failure ? <ErrorBanner title={editing ? 'The booking was not saved' : 'The room was not booked'} message={failure} /> : null}
      primary={readOnly ? undefined : { label: editing ? 'Save' : 'Book', busyLabel: editing ? 'Saving...' : 'Booking...', busy, form: 'booking-form' }}
    >
      <form id="booking-form" onSubmit={submit} noValidate className="space-y-4" data-room-id={roomId}>
        <Field label="Title" error={errors.title}>
          {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} disabled={readOnly} maxLength={200} autoComplete="off" />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Starts" error={errors.starts_at}>
            {(control) => (
              <Select {...control} value={start} onChange={(e) => setStart(Number(e.target.value))} disabled={readOnly}>
                {times.slice(0, -1).map((m) => (
                  <option key={m} value={m}>
                    {clockText(m)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Ends" error={errors.end ?? errors.ends_at}>
            {(control) => (
              <Select {...control} value={end} onChange={(e) => setEnd(Number(e.target.value))} disabled={readOnly}>
                {times.slice(1).map((m) => (
                  <option key={m} value={m}>
                    {clockText(m)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Member" hint="(optional)" error={errors.member_id}>
          {(control) => (
            <Select {...control} value={memberId} onChange={(e) => setMemberId(e.target.value)} disabled={readOnly}>
              <option value="">No member</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.company_name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {!editing && (
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">Repeat</legend>
            <Field label="Repeats">
              {(control) => (
                <Select {...control} value={repeat} onChange={(e) => setRepeat(e.target.value as Repeat)}>
                  <option value="none">Does not repeat</option>
                  <option value="daily">Daily</option>
                  <option value="weekly">Weekly</option>
                </Select>
              )}
            </Field>
            {repeat !== 'none' && (
              <div className="grid grid-cols-2 gap-3">
                <Field label="Ends">
                  {(control) => (
                    <Select {...control} value={ends} onChange={(e) => setEnds(e.target.value as 'count' | 'until')}>
                      <option value="count">After a number of times</option>
                      <option value="until">On a day</option>
                    </Select>
                  )}
                </Field>
                {ends === 'count' ? (
                  <Field label="Times" error={errors.count}>
                    {(control) => <Input {...control} type="number" min={1} max={52} value={count} onChange={(e) => setCount(e.target.value)} />}
                  </Field>
                ) : (
                  <Field label="Last day" error={errors.until}>
                    {(control) => <Input {...control} type="date" value={until} min={shiftDay(day, 1)} onChange={(e) => setUntil(e.target.value)} />}
                  </Field>
                )}
              </div>
            )}
          </fieldset>
        )}
        <Field label="Notes" hint="(optional)" error={errors.notes}>
          {(control) => <Textarea {...control} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} disabled={readOnly} maxLength={2000} />}
        </Field>
        {editing && editing.booked_by && <p className="text-xs text-slate-600">Booked by {editing.booked_by}</p>}
        {editing && canWrite && (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
            <Button type="button" variant="danger" onClick={() => void cancelBooking(false)} disabled={busy}>
              Cancel booking
            </Button>
            {editing.series_id && (
              <Button type="button" variant="secondary" onClick={() => void cancelBooking(true)} disabled={busy}>
                Cancel the whole series
              </Button>
            )}
          </div>
        )}
      </form>
    </ActionDialog>
  );
}
