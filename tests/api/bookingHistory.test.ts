import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, wallClock } from '@shared/domain/bookings';
import type { ActivityEntry } from '@shared/activity';
import type { Booking } from '@shared/schemas/bookings';
import type { SearchResult } from '@shared/schemas/search';
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

describe('a booking history and search', () => {
  it('shows every change of a booking in /api/events, and finds it with Ctrl+K', async () => {
    const room = await w.newOffice('60 Broad', { type: 'Meeting Room', desks: 6, office_number: `H-${Date.now() % 10000}` });
    const made = await w.api<Booking>('POST', '/api/bookings', { token: w.tokens.manager, body: { room_id: room.id, title: 'Zanzibar offsite', starts_at: at(5, '09:00'), ends_at: at(5, '10:00') } });
    expect(made.status, made.text).toBe(201);
    await w.api('PUT', `/api/bookings/${made.body.id}`, { token: w.tokens.admin, body: { ends_at: at(5, '11:00') } });
    await w.api('DELETE', `/api/bookings/${made.body.id}`, { token: w.tokens.manager });
    const res = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${made.body.id}`, { token: w.tokens.viewer });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((e) => e.type)).toEqual(['BookingCancelled', 'BookingChanged', 'BookingMade']);
    expect(res.body.map((e) => e.entity)).toEqual(['booking', 'booking', 'booking']);
    expect(res.body[2]!.summary).toBe('Jordan Lee booked booking Zanzibar offsite');
    expect(res.body[1]!.summary).toBe('Alex Morgan changed booking Zanzibar offsite (ends at)');
    expect(res.body[1]!.changes).toEqual([{ field: 'ends_at', from: new Date(made.body.ends_at).toISOString(), to: at(5, '11:00') }]);
    expect(res.body[0]!.changes).toEqual([{ field: 'status', from: 'confirmed', to: 'cancelled' }]);

    const again = await w.api<Booking>('POST', '/api/bookings', { token: w.tokens.manager, body: { room_id: room.id, title: 'Zanzibar offsite', starts_at: at(6, '09:00'), ends_at: at(6, '10:00') } });
    const found = await w.api<SearchResult[]>('GET', '/api/search?q=zanzibar', { token: w.tokens.viewer });
    expect(found.status, found.text).toBe(200);
    const hit = found.body.find((r) => r.kind === 'booking')!;
    expect(hit).toMatchObject({ id: again.body.id, title: 'Zanzibar offsite', path: `/bookings?booking=${again.body.id}` });
    expect(hit.subtitle).toContain(`Room ${room.office_number} · 60 Broad · `);
    expect(hit.subtitle).toMatch(/09:00$/);
    // The manager of the room's location finds it too.
    const riley = await w.api<SearchResult[]>('GET', '/api/search?q=zanzibar', { token: w.tokens.manager });
    expect(riley.body.some((r) => r.kind === 'booking')).toBe(true);
  });
});
