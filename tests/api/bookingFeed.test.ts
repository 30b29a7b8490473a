import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, wallClock } from '@shared/domain/bookings';
import type { Booking } from '@shared/schemas/bookings';
import { addDays } from 'date-fns';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const NY = 'America/New_York';
const at = (days: number, hhmm: string) => new Date(addDays(wallClock(localDate(new Date(), NY), hhmm, NY), days).getTime()).toISOString();

/** GET the feed with no bearer token, as a calendar app does. */
const feed = (query: string) => fetch(`${w.server.url}/api/bookings.ics?${query}`);

describe('the bookings calendar feed', () => {
  it('answers a room and a member as iCalendar, behind the user feed token, and 401 once revoked', async () => {
    const room = await w.newOffice('55 Broadway', { type: 'Meeting Room', desks: 4, office_number: `Feed-${Date.now() % 10000}` });
    const member = await w.newMember('55 Broadway');
    const made = await w.api<Booking>('POST', '/api/bookings', {
      token: w.tokens.manager,
      body: { room_id: room.id, title: 'Feed review', member_id: member.id, notes: 'Bring slides', starts_at: at(2, '09:00'), ends_at: at(2, '10:30') },
    });
    expect(made.status, made.text).toBe(201);
    const gone = await w.api<Booking>('POST', '/api/bookings', { token: w.tokens.manager, body: { room_id: room.id, title: 'Called off', starts_at: at(3, '09:00'), ends_at: at(3, '09:30') } });
    expect((await w.api('DELETE', `/api/bookings/${gone.body.id}`, { token: w.tokens.manager })).status).toBe(204);

    expect((await w.api('GET', '/api/me/feed-token', { token: w.tokens.manager })).body).toEqual({ active: false, created_at: null });
    const issued = await w.api<{ token: string }>('POST', '/api/me/feed-token', { token: w.tokens.manager, body: {} });
    expect(issued.status).toBe(201);
    const { token } = issued.body;
    expect((await w.api('GET', '/api/me/feed-token', { token: w.tokens.manager })).body.active).toBe(true);
    // Only its hash is kept.
    const stored = await w.server.deps.sql<{ token_hash: string }[]>`SELECT token_hash FROM feed_tokens`;
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const res = await feed(`room_id=${room.id}&token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.name).toBe('vcalendar');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const booked = events.find((e) => e.uid === `${made.body.id}@flexspace`)!;
    expect(booked.summary).toBe(`Feed review (${member.company_name})`);
    expect(booked.startDate.toJSDate().getTime()).toBe(Date.parse(made.body.starts_at));
    expect(booked.endDate.toJSDate().getTime()).toBe(Date.parse(made.body.ends_at));
    expect(booked.location).toBe(`Room ${room.office_number}, 55 Broadway`);
    expect(booked.description).toContain('Bring slides');
    const called = events.find((e) => e.uid === `${gone.body.id}@flexspace`)!;
    expect(called.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    const byMember = await feed(`member_id=${member.id}&token=${encodeURIComponent(token)}`);
    const memberEvents = new ICAL.Component(ICAL.parse(await byMember.text())).getAllSubcomponents('vevent');
    expect(memberEvents.map((v) => new ICAL.Event(v).uid)).toEqual([`${made.body.id}@flexspace`]);

    // The feed is the user's view: a room of a location the manager may not see is refused.
    const elsewhere = await w.newOffice('Bushwick', { type: 'Meeting Room', desks: 4 });
    expect((await feed(`room_id=${elsewhere.id}&token=${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await feed(`room_id=${room.id}`)).status).toBe(401);
    expect((await feed(`room_id=${room.id}&token=wrong`)).status).toBe(401);
    expect((await feed(`token=${encodeURIComponent(token)}`)).status).toBe(400);

    // Rotating replaces the token; revoking ends it.
    const rotated = (await w.api<{ token: string }>('POST', '/api/me/feed-token', { token: w.tokens.manager, body: {} })).body.token;
    expect((await feed(`room_id=${room.id}&token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await feed(`room_id=${room.id}&token=${encodeURIComponent(rotated)}`)).status).toBe(200);
    expect((await w.api('DELETE', '/api/me/feed-token', { token: w.tokens.manager })).status).toBe(204);
    expect((await feed(`room_id=${room.id}&token=${encodeURIComponent(rotated)}`)).status).toBe(401);
  });
});
