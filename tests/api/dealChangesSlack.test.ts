import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@shared/schemas/common';
import type { DealChangesSlackAnswer } from '@shared/schemas/dealHistory';
import type { SlackDelivery } from '@shared/schemas/slack';
import { type TestServer } from '../support/server';
import type { WebhookReceiver } from '../support/webhookReceiver';
import { startSlackWorld, until, type SlackWorld } from '../support/slackWorld';

let world: SlackWorld;
let server: TestServer;
let receiver: WebhookReceiver;
let tokens: SlackWorld['tokens'];

beforeAll(async () => {
  world = await startSlackWorld();
  ({ server, receiver, tokens } = world);
});
afterAll(async () => {
  await world?.close();
});

const call = <T = unknown>(method: string, path: string, body?: unknown, token = tokens.admin) => server.api<T & ErrorBody>(method, path, { token, body });

describe('POST /api/deals/changes/slack', () => {
  it('refuses viewers, and answers 409 while Slack notifications are off', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const viewer = await call('POST', '/api/deals/changes/slack', { since }, tokens.viewer);
    expect(viewer.status).toBe(403);
    const off = await call('POST', '/api/deals/changes/slack', { since });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/Slack notifications are off/);
    const bad = await call('POST', '/api/deals/changes/slack', { since: 'last week' });
    expect(bad.status).toBe(400);
  });

  it('posts the summary of the deals the poster may see through the outbox, once', async () => {
    const saved = await call('POST', '/api/slack/config', { webhook_url: receiver.url(), enabled: true });
    expect(saved.status, saved.text).toBe(200);
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [deal] = (await call<{ id: string; stage: string }[]>('GET', '/api/deals?stage=form_submitted&location=55 Broadway')).body;
    expect((await call('PATCH', `/api/deals/${deal!.id}/stage`, { stage: 'tour_booked' }, tokens.manager)).status).toBe(200);

    const posted = await call<DealChangesSlackAnswer>('POST', '/api/deals/changes/slack', { since }, tokens.manager);
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.queued).toBe(true);
    expect(posted.body.text).toContain('Moved: 1');
    expect(posted.body.text).toContain('All Locations');

    await until(() => receiver.posts.some((p) => p.body.text?.includes('Deal board changes')), 'Slack received the summary');
    const summaries = receiver.posts.filter((p) => p.body.text?.includes('Deal board changes'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.body.text).toBe(posted.body.text);
    const summaryRows = async () => (await call<SlackDelivery[]>('GET', '/api/slack/deliveries')).body.filter((d) => d.event_type === 'board_summary');
    await until(async () => (await summaryRows())[0]?.status === 'delivered', 'the delivery is recorded');
    const rows = await summaryRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deal_id: null, deal_name: 'Deal board summary', status: 'delivered' });

    // The configuration can still be saved with the version it answers now (the summary moved it on).
    const config = (await call<{ version: number }>('GET', '/api/slack/config')).body;
    expect((await call('POST', '/api/slack/config', { webhook_url: receiver.url(), enabled: false, version: config.version })).status).toBe(200);
  });
});
