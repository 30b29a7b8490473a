import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, wallClock } from '@shared/domain/bookings';
import type { Booking } from '@shared/schemas/bookings';
import type { Office } from '@shared/schemas/offices';
import type { Location } from '@shared/schemas/locations';
import type { SlackDelivery, WorkflowRule } from '@shared/schemas/slack';
import { type TestServer } from '../support/server';
import type { WebhookReceiver } from '../support/webhookReceiver';
import { startSlackWorld, until, type SlackWorld } from '../support/slackWorld';

let world: SlackWorld;
let server: TestServer;
let receiver: WebhookReceiver;
let admin: string;

beforeAll(async () => {
  world = await startSlackWorld();
  ({ server, receiver } = world);
  admin = world.tokens.admin;
});
afterAll(async () => {
  await world?.close();
});

const CHICAGO = 'America/Chicago';

describe('Slack rules on bookings', () => {
  it('a room booked gives one post per enabled room_booked rule, with the time on the location clock', async () => {
    expect((await server.api('POST', '/api/slack/config', { token: admin, body: { webhook_url: receiver.url('/services/T0/B0/rooms'), enabled: true } })).status).toBe(200);
    const rule: WorkflowRule = { id: 'rooms-1', event_type: 'room_booked', enabled: true, channel: '#front-desk', message_template: '{room} at {location_name}: {title} {starts_at}-{ends_at} by {booked_by}', conditions: {} };
    const saved = await server.api('PUT', '/api/slack/workflows', { token: admin, body: { workflow_rules: [rule, { ...rule, id: 'rooms-off', enabled: false }] } });
    expect(saved.status, saved.text).toBe(200);
    const austin = (await server.api<Location[]>('GET', '/api/locations', { token: admin })).body.find((l) => l.name === 'East Austin')!;
    const room = (await server.api<Office>('POST', '/api/offices', { token: admin, body: { office_number: 'SL1', location_id: austin.id, type: 'Meeting Room', desks: 4 } })).body;
    const day = addDays(wallClock(localDate(new Date(), CHICAGO), '21:00', CHICAGO), 3);
    const made = await server.api<Booking>('POST', '/api/bookings', {
      token: admin,
      body: { room_id: room.id, title: 'Late <review>', starts_at: new Date(day.getTime()).toISOString(), ends_at: new Date(day.getTime() + 45 * 60_000).toISOString() },
    });
    expect(made.status, made.text).toBe(201);
    const before = receiver.posts.length;
    await until(async () => receiver.posts.length > before, 'the post arrives');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const posts = receiver.posts.slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ channel: '#front-desk' });
    expect(posts[0]!.body.text).toMatch(/^Room SL1 at East Austin: Late &lt;review&gt; \w{3} \d{1,2} \w{3} 21:00-21:45 by Alex Morgan$/);
    const rows = (await server.api<SlackDelivery[]>('GET', '/api/slack/deliveries', { token: admin })).body.filter((d) => d.event_type === 'room_booked');
    expect(rows.map((r) => [r.rule_id, r.deal_id, r.status])).toEqual([['rooms-1', made.body.id, 'delivered']]);
  });
});
