import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@shared/schemas/common';
import type { DealChangesSlackAnswer } from '@shared/schemas/dealHistory';
import type { SlackDelivery } from '@shared/schemas/slack';
import { SLACK_NOTIFICATIONS } from '../../server/slack/notificationProcess';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

let server: TestServer;
let receiver: WebhookReceiver;
let tokens: { admin: string; manager: string; viewer: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ webhookAllowedHosts: [`127.0.0.1:${receiver.port}`] });
  const [admin, manager, viewer] = await Promise.all([signIn(server.api, demoCredentials.admin), signIn(server.api, demoCredentials.manager), signIn(server.api, demoCredentials.viewer)]);
  tokens = { admin: admin.access_token, manager: manager.access_token, viewer: viewer.access_token };
  await until(async () => (await server.deps.sql`SELECT 1 FROM checkpoints WHERE name = ${`process:${SLACK_NOTIFICATIONS}`}`).length === 1, 'the notification process runs');
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function until(done: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
