import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LENGTH, BOOKING_PAST, BOOKING_RANGE, BOOKING_STEP, localDate, outsideHours, DEFAULT_HOURS, wallClock } from '@shared/domain/bookings';
import type { Booking, BookingSummary, Room } from '@shared/schemas/bookings';
import type { Office } from '@shared/schemas/offices';
import type { Location } from '@shared/schemas/locations';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

type Answer<T = Booking> = T & { message?: string; fields?: { field: string; message: string }[]; conflict?: { by: string | null } };

const BOOKING_KEYS = [
  'id', 'room_id', 'room_number', 'location_id', 'title', 'member_id', 'member_name', 'starts_at', 'ends_at', 'booked_by', 'status',
  'series_id', 'notes', 'version', 'created_at', 'updated_at',
].sort();

let rooms = 0;
/** A fresh meeting room at the named location (its own, so no other test's bookings are in its way). */
async function newRoom(locationName: string, desks = 8): Promise<Office> {
  rooms += 1;
  return w.newOffice(locationName, { type: 'Meeting Room', desks, office_number: `R${rooms}-${Date.now() % 10000}` });
}

/** An instant at hh:mm on the location's wall clock, `days` from today there. */
function at(zone: string, days: number, hhmm: string): string {
  return new Date(addDays(wallClock(localDate(new Date(), zone), hhmm, zone), days).getTime()).toISOString();
}
const NY = 'America/New_York';

const book = (body: Record<string, unknown>, token = w.tokens.admin) => w.api<Answer>('POST', '/api/bookings', { token, body });

describe('meeting rooms', () => {
  it('lists the demo rooms at every location, with capacity, floor and the location clock', async () => {
    const res = await w.api<Room[]>('GET', '/api/rooms', { token: w.tokens.viewer });
    expect(res.status, res.text).toBe(200);
    expect(new Set(res.body.map((r) => r.location_id)).size).toBe(w.locations.length);
    const austin = res.body.find((r) => r.location_name === 'East Austin')!;
    expect(austin.time_zone).toBe('America/Chicago');
    expect(res.body.find((r) => r.location_name === 'Center City')!.time_zone).toBe(NY);
    expect(austin.capacity).toBeGreaterThan(0);
    expect(Object.keys(austin).sort()).toEqual(['capacity', 'closes_at', 'floor', 'location_id', 'location_name', 'office_id', 'office_number', 'opens_at', 'time_zone']);
    const one = await w.api<Room[]>('GET', '/api/rooms?location=East%20Austin', { token: w.tokens.admin });
    expect(one.body.every((r) => r.location_name === 'East Austin')).toBe(true);
    const refused = await w.api('GET', '/api/rooms?location=East%20Austin', { token: w.tokens.manager });
    expect(refused.status).toBe(403);
  });

  it('shows each location with its zone and opening hours, editable by an admin', async () => {
    const locations = (await w.api<Location[]>('GET', '/api/locations', { token: w.tokens.admin })).body;
    const austin = locations.find((l) => l.name === 'East Austin')!;
    expect([austin.time_zone, austin.opens_at, austin.closes_at]).toEqual(['America/Chicago', '07:00', '22:00']);
    const bad = await w.api('PUT', `/api/locations/${austin.id}`, { token: w.tokens.admin, body: { time_zone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    const order = await w.api('PUT', `/api/locations/${austin.id}`, { token: w.tokens.admin, body: { opens_at: '23:00' } });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('Opening time must be before closing time');
    const ok = await w.api<Location>('PUT', `/api/locations/${austin.id}`, { token: w.tokens.admin, body: { ...austin, closes_at: '21:45' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.closes_at).toBe('21:45');
    const back = await w.api<Location>('PUT', `/api/locations/${austin.id}`, { token: w.tokens.admin, body: { closes_at: '22:00' } });
    expect(back.body.closes_at).toBe('22:00');
  });
});

describe('booking a room', () => {
  it('books, lists, moves and cancels, answering times with the location offset', async () => {
    const room = await newRoom('55 Broadway');
    const made = await book({ room_id: room.id, title: 'Planning', starts_at: at(NY, 3, '10:00'), ends_at: at(NY, 3, '11:00') });
    expect(made.status, made.text).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(BOOKING_KEYS);
    expect(made.body).toMatchObject({ room_id: room.id, room_number: room.office_number, status: 'confirmed', booked_by: 'Alex Morgan', series_id: null });
    expect(made.body.starts_at).toMatch(/T10:00:00\.000-0[45]:00$/);
    expect(Date.parse(made.body.starts_at)).toBe(Date.parse(at(NY, 3, '10:00')));

    const listed = await w.api<Booking[]>('GET', `/api/bookings?room_id=${room.id}&from=${encodeURIComponent(at(NY, 0, '00:00'))}&to=${encodeURIComponent(at(NY, 10, '00:00'))}`, { token: w.tokens.viewer });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.map((b) => b.id)).toEqual([made.body.id]);

    const moved = await w.api<Answer>('PUT', `/api/bookings/${made.body.id}`, { token: w.tokens.manager, body: { ...made.body, starts_at: at(NY, 3, '10:30'), ends_at: at(NY, 3, '12:00'), title: 'Planning, longer' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ title: 'Planning, longer', version: 2 });
    expect(Date.parse(moved.body.ends_at)).toBe(Date.parse(at(NY, 3, '12:00')));

    const stale = await w.api<Answer>('PUT', `/api/bookings/${made.body.id}`, { token: w.tokens.admin, body: { title: 'Old view', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict?.by).toBe('Jordan Lee');

    const cancelled = await w.api('DELETE', `/api/bookings/${made.body.id}`, { token: w.tokens.admin });
    expect(cancelled.status).toBe(204);
    const after = await w.api<Booking>('GET', `/api/bookings/${made.body.id}`, { token: w.tokens.admin });
    expect(after.body.status).toBe('cancelled');
    // The slot is free again.
    const again = await book({ room_id: room.id, title: 'Planning again', starts_at: at(NY, 3, '10:00'), ends_at: at(NY, 3, '11:00') });
    expect(again.status, again.text).toBe(201);
  });

  it('refuses a booking in the way, naming it in the location local time', async () => {
    const room = await newRoom('55 Broadway');
    const first = await book({ room_id: room.id, title: 'Taken', starts_at: at(NY, 4, '10:00'), ends_at: at(NY, 4, '11:00') }, w.tokens.manager);
    expect(first.status, first.text).toBe(201);
    const clash = await book({ room_id: room.id, title: 'Late', starts_at: at(NY, 4, '10:30'), ends_at: at(NY, 4, '11:30') });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Room ${room.office_number} is booked 10:00-11:00 by Jordan Lee`);
    // Touching ends do not overlap.
    const next = await book({ room_id: room.id, title: 'Right after', starts_at: at(NY, 4, '11:00'), ends_at: at(NY, 4, '11:15') });
    expect(next.status, next.text).toBe(201);
    // A move into it is refused the same way.
    const move = await w.api<Answer>('PUT', `/api/bookings/${next.body.id}`, { token: w.tokens.admin, body: { starts_at: at(NY, 4, '10:45') } });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe(`Room ${room.office_number} is booked 10:00-11:00 by Jordan Lee`);
  });

  it('keeps each rule: steps, length, opening hours, not in the past', async () => {
    const room = await newRoom('60 Broad');
    const refusal = async (starts: string, ends: string) => {
      const res = await book({ room_id: room.id, title: 'Rule', starts_at: starts, ends_at: ends });
      expect(res.status, res.text).toBe(400);
      return res.body.message;
    };
    expect(await refusal(at(NY, 5, '10:05'), at(NY, 5, '11:00'))).toBe(BOOKING_STEP);
    expect(await refusal(at(NY, 5, '10:00'), at(NY, 5, '18:15'))).toBe(BOOKING_LENGTH);
    expect(await refusal(at(NY, 5, '10:00'), at(NY, 5, '10:00'))).toBe('A booking must end after it starts');
    expect(await refusal(at(NY, 5, '06:45'), at(NY, 5, '08:00'))).toBe(outsideHours(DEFAULT_HOURS));
    expect(await refusal(at(NY, 5, '21:30'), at(NY, 5, '22:15'))).toBe(outsideHours(DEFAULT_HOURS));
    expect(await refusal(at(NY, -1, '10:00'), at(NY, -1, '11:00'))).toBe(BOOKING_PAST);
    // 8 hours exactly and 15 minutes exactly are fine.
    expect((await book({ room_id: room.id, title: 'Long', starts_at: at(NY, 6, '08:00'), ends_at: at(NY, 6, '16:00') })).status).toBe(201);
    expect((await book({ room_id: room.id, title: 'Short', starts_at: at(NY, 6, '16:00'), ends_at: at(NY, 6, '16:15') })).status).toBe(201);
  });

  it('checks opening hours on the location clock: 21:30 in Austin is open when New York is closed', async () => {
    const austin = await newRoom('East Austin');
    const newYork = await newRoom('Greenpoint');
    const starts = at('America/Chicago', 7, '21:30');
    const ends = at('America/Chicago', 7, '22:00');
    const ok = await book({ room_id: austin.id, title: 'Late call', starts_at: starts, ends_at: ends });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.starts_at).toMatch(/T21:30:00\.000-0[56]:00$/);
    const closed = await book({ room_id: newYork.id, title: 'Late call', starts_at: starts, ends_at: ends });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe(outsideHours(DEFAULT_HOURS));
  });

  it('refuses bad input with 400, never 500', async () => {
    const room = await newRoom('55 Broadway');
    const base = { room_id: room.id, title: 'Bad', starts_at: at(NY, 8, '10:00'), ends_at: at(NY, 8, '11:00') };
    for (const body of [
      { ...base, starts_at: 'tomorrow' },
      { ...base, room_id: 'nope' },
      { ...base, title: '' },
      { ...base, extra: 1 },
      { ...base, repeat: { freq: 'monthly', count: 2 } },
      { ...base, repeat: { freq: 'daily', count: 53 } },
      { ...base, repeat: { freq: 'daily' } },
      { ...base, starts_at: '9999-01-01T10:00:00Z' },
      { ...base, title: 'a\u0000b' },
    ]) {
      const res = await book(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const office = await w.newOffice('55 Broadway');
    const notRoom = await book({ ...base, room_id: office.id });
    expect(notRoom.status).toBe(400);
    expect(notRoom.body.message).toBe('That office is not a meeting room');
    const unknown = await book({ ...base, room_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    const wide = await w.api('GET', `/api/bookings?from=${encodeURIComponent(at(NY, 0, '00:00'))}&to=${encodeURIComponent(at(NY, 63, '00:00'))}`, { token: w.tokens.admin });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toContain(BOOKING_RANGE);
    expect((await w.api('GET', '/api/bookings?colour=red', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/bookings/not-an-id', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('DELETE', `/api/bookings/${room.id}?series=maybe`, { token: w.tokens.admin })).status).toBe(400);
  });
});

describe('series', () => {
  it('books a weekly series whole, or names every clash and books nothing', async () => {
    const room = await newRoom('Vinegar Hill');
    const blockers = [];
    for (const week of [2, 4]) {
      const res = await book({ room_id: room.id, title: `Blocker ${week}`, starts_at: at(NY, 7 * week + 1, '09:00'), ends_at: at(NY, 7 * week + 1, '10:00') });
      expect(res.status, res.text).toBe(201);
      blockers.push(res.body);
    }
    const wanted = { room_id: room.id, title: 'Weekly sync', starts_at: at(NY, 1, '09:30'), ends_at: at(NY, 1, '10:30'), repeat: { freq: 'weekly', count: 6 } };
    const refused = await book(wanted);
    expect(refused.status).toBe(409);
    const parts = refused.body.message!.split('; ');
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part).toMatch(new RegExp(`^Room ${room.office_number} is booked 09:00-10:00 by Alex Morgan on `));
    const window = `from=${encodeURIComponent(at(NY, 0, '00:00'))}&to=${encodeURIComponent(at(NY, 60, '00:00'))}`;
    const listed = await w.api<Booking[]>('GET', `/api/bookings?room_id=${room.id}&${window}`, { token: w.tokens.admin });
    expect(listed.body).toHaveLength(2);

    const series = await w.api<Answer<Booking[]>>('POST', '/api/bookings', { token: w.tokens.admin, body: { ...wanted, starts_at: at(NY, 1, '11:00'), ends_at: at(NY, 1, '12:00') } });
    expect(series.status, series.text).toBe(201);
    expect(series.body).toHaveLength(6);
    expect(new Set(series.body.map((b) => b.series_id)).size).toBe(1);
    expect(series.body.every((b) => /T11:00:00\.000/.test(b.starts_at))).toBe(true);

    const cancelled = await w.api('DELETE', `/api/bookings/${series.body[2]!.id}?series=1`, { token: w.tokens.admin });
    expect(cancelled.status).toBe(204);
    const after = await w.api<Booking[]>('GET', `/api/bookings?room_id=${room.id}&${window}`, { token: w.tokens.admin });
    expect(after.body.filter((b) => b.series_id === series.body[0]!.series_id).every((b) => b.status === 'cancelled')).toBe(true);
  });

  it('books a daily series up to an until day, and refuses one over 52 bookings', async () => {
    const room = await newRoom('Bushwick');
    const first = { room_id: room.id, title: 'Daily', starts_at: at(NY, 1, '08:00'), ends_at: at(NY, 1, '08:30') };
    const until = localDate(at(NY, 5, '12:00'), NY);
    const res = await w.api<Answer<Booking[]>>('POST', '/api/bookings', { token: w.tokens.admin, body: { ...first, repeat: { freq: 'daily', until } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.map((b) => localDate(b.starts_at, NY))).toEqual([1, 2, 3, 4, 5].map((d) => localDate(at(NY, d, '12:00'), NY)));
    const long = await book({ ...first, starts_at: at(NY, 1, '09:00'), ends_at: at(NY, 1, '09:30'), repeat: { freq: 'daily', until: localDate(at(NY, 80, '12:00'), NY) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A series holds at most 52 bookings');
  });

  it('moves a booking to a room at another location only for someone who may write at both', async () => {
    const here = await newRoom('55 Broadway');
    const there = await newRoom('Bushwick');
    const made = await book({ room_id: here.id, title: 'Moving', starts_at: at(NY, 6, '15:00'), ends_at: at(NY, 6, '16:00') }, w.tokens.manager);
    const refused = await w.api<Answer>('PUT', `/api/bookings/${made.body.id}`, { token: w.tokens.manager, body: { room_id: there.id } });
    expect(refused.status).toBe(403);
    const moved = await w.api<Answer>('PUT', `/api/bookings/${made.body.id}`, { token: w.tokens.admin, body: { room_id: there.id } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ room_id: there.id, room_number: there.office_number, location_id: w.loc('Bushwick') });
    expect((await w.api('GET', `/api/bookings/${made.body.id}`, { token: w.tokens.manager })).status).toBe(403);
  });

  it('keeps a weekly booking at the same local time across the daylight-saving changes', async () => {
    const room = await newRoom('Center City');
    // A Monday at 10:00 New York time eight weeks before the next March or November change, for 16 weeks: it crosses one.
    const now = new Date();
    const year = now.getUTCFullYear();
    const changes = [new Date(Date.UTC(year, 2, 8)), new Date(Date.UTC(year, 10, 1)), new Date(Date.UTC(year + 1, 2, 8)), new Date(Date.UTC(year + 1, 10, 1))];
    const change = changes.find((d) => d.getTime() - now.getTime() > 10 * 86_400_000)!;
    const days = Math.ceil((change.getTime() - now.getTime()) / 86_400_000) - 7 * 8;
    const first = Math.max(1, days);
    const res = await w.api<Answer<Booking[]>>('POST', '/api/bookings', {
      token: w.tokens.admin,
      body: { room_id: room.id, title: 'Weekly across DST', starts_at: at(NY, first, '10:00'), ends_at: at(NY, first, '11:00'), repeat: { freq: 'weekly', count: 16 } },
    });
    expect(res.status, res.text).toBe(201);
    const offsets = new Set(res.body.map((b) => b.starts_at.slice(-6)));
    expect(offsets).toEqual(new Set(['-05:00', '-04:00']));
    for (const b of res.body) {
      expect(b.starts_at.slice(11, 19)).toBe('10:00:00');
      expect(new TZDate(Date.parse(b.starts_at), NY).getHours()).toBe(10);
      expect(Date.parse(b.ends_at) - Date.parse(b.starts_at)).toBe(3_600_000);
    }
  });
});

describe('who may book', () => {
  it('lets managers book only at their locations, and viewers only read', async () => {
    const mine = await newRoom('55 Broadway');
    const theirs = await newRoom('Bushwick');
    const body = (room: Office) => ({ room_id: room.id, title: 'Scope', starts_at: at(NY, 9, '13:00'), ends_at: at(NY, 9, '14:00') });
    expect((await book(body(mine), w.tokens.manager)).status).toBe(201);
    const away = await book(body(theirs), w.tokens.manager);
    expect(away.status).toBe(403);
    expect(away.body.message).toBe("You don't have access to this location");
    const viewer = await book(body(theirs), w.tokens.viewer);
    expect(viewer.status).toBe(403);
    const made = await book(body(theirs));
    expect((await w.api('GET', `/api/bookings/${made.body.id}`, { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('DELETE', `/api/bookings/${made.body.id}`, { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('DELETE', `/api/bookings/${made.body.id}`, { token: w.tokens.viewer })).status).toBe(403);
    const listed = await w.api<Booking[]>('GET', '/api/bookings', { token: w.tokens.manager });
    const mineIds = new Set([w.loc('55 Broadway'), w.loc('60 Broad')]);
    expect(listed.body.every((b) => mineIds.has(b.location_id))).toBe(true);
  });
});

describe('a member company bookings', () => {
  it('lists upcoming bookings and the hours booked this month', async () => {
    const member = await w.newMember('Greenpoint');
    const room = await newRoom('Greenpoint');
    const made = await book({ room_id: room.id, title: 'Member meeting', member_id: member.id, starts_at: at(NY, 2, '14:00'), ends_at: at(NY, 2, '15:30') });
    expect(made.status, made.text).toBe(201);
    expect(made.body.member_name).toBe(member.company_name);
    const res = await w.api<BookingSummary>('GET', `/api/bookings/summary?member_id=${member.id}`, { token: w.tokens.viewer });
    expect(res.status, res.text).toBe(200);
    expect(res.body.upcoming.map((b) => b.id)).toEqual([made.body.id]);
    const sameMonth = localDate(made.body.starts_at, NY).slice(0, 7) === res.body.month;
    expect(res.body.hours_this_month).toBe(sameMonth ? 1.5 : 0);
    const byMember = await w.api<Booking[]>('GET', `/api/bookings?member_id=${member.id}`, { token: w.tokens.admin });
    expect(byMember.body.map((b) => b.id)).toEqual([made.body.id]);
  });
});
