import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { SlackDelivery } from '@shared/schemas/slack';
import { dealAggregate } from '../../events/deal/decider';
import { createCommandHandler } from '../../events/handleCommand';
import { applyInline } from '../../projections/registry';
import type { Database } from '../../server/db/database';
import { SLACK_NOTIFICATIONS } from '../../server/slack/notificationProcess';
import { INTERRUPTED } from '../../server/slack/outbox';
import { createTestDatabase } from '../support/db';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * The real entry point in a child process, killed (SIGKILL) around a notification: before the
 * notification process reached the event, while the webhook could not be reached, and in the
 * middle of the POST. Each deal move is posted at most once, and delivered unless the kill came
 * mid-POST (then it is recorded as interrupted, never repeated).
 */
let database: Database;
let dataDir: string;
let node: MainProcess;
let api: Api;
let token: string;
let receiverPort: number;
let receiver: WebhookReceiver | null = null;
let deals: Deal[];

const RULE = { id: 'moves', event_type: 'deal_stage_change', enabled: true, channel: '', message_template: 'Moved {deal_name} to {new_stage}', conditions: {} };

async function until(done: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rowsOf = (deal: Deal) =>
  database.sql<Pick<SlackDelivery, 'status' | 'attempts' | 'error' | 'text'>[]>`SELECT status, attempts, error, text FROM slack_deliveries WHERE deal_id = ${deal.id}`;
const postsOf = (deal: Deal) => (receiver?.posts ?? []).filter((p) => p.body.text === `Moved ${deal.deal_name} to Tour Completed`);

async function start() {
  await node.start();
  api = apiClient(node.origin);
  token = (await signIn(api, demoCredentials.admin)).access_token;
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-slack-'));
  receiverPort = await freePort();
  node = mainProcess({
    port: await freePort(),
    pgPort: await freePort(),
    dataDir,
    databaseUrl: database.url,
    logLevel: process.env.SLACK_TEST_LOG,
    env: { DEMO_MODE: 'true', WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}`, SETTINGS_KEY: 'slack-delivery-test-settings-key-0123456789' },
  });
  await start();
  await until(async () => (await database.sql`SELECT 1 FROM checkpoints WHERE name = ${`process:${SLACK_NOTIFICATIONS}`}`).length === 1, 'the notification process runs');
  const config = await api('POST', '/api/slack/config', { token, body: { webhook_url: `http://127.0.0.1:${receiverPort}/services/T0/B0/kill-test`, enabled: true } });
  expect(config.status, config.text).toBe(200);
  const rules = await api('PUT', '/api/slack/workflows', { token, body: { workflow_rules: [RULE] } });
  expect(rules.status, rules.text).toBe(200);
  deals = ((await api('GET', '/api/deals', { token })).body as Deal[]).filter((d) => d.stage === 'form_submitted' || d.stage === 'tour_booked');
}, 240_000);

afterAll(async () => {
  await node?.stop('SIGTERM');
  await receiver?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a server killed around a notification', () => {
  it('posts a move exactly once when it was killed while the webhook could not be reached', async () => {
    const deal = deals[0]!;
    const moved = await api('PATCH', `/api/deals/${deal.id}/stage`, { token, body: { stage: 'tour_completed' } });
    expect(moved.status, moved.text).toBe(200);
    // Written to the outbox and tried: nothing listens on the receiver's port yet.
    // The row reads `sending` (attempts 1) while the attempt is under way, then `pending` again.
    await until(async () => {
      const [row] = await rowsOf(deal);
      return row?.attempts === 1 && row.status === 'pending';
    }, 'a first attempt failed');
    expect((await rowsOf(deal))[0]).toMatchObject({ status: 'pending', text: `Moved ${deal.deal_name} to Tour Completed` });
    await node.stop('SIGKILL');

    receiver = await startWebhookReceiver(receiverPort);
    await start();
    await until(async () => (await rowsOf(deal))[0]?.status === 'delivered', 'delivered after the restart');
    expect(postsOf(deal)).toHaveLength(1);
    expect(await rowsOf(deal)).toHaveLength(1);
  }, 120_000);

  it('posts a move exactly once when the server was down as it was written (by another node)', async () => {
    const deal = deals[1]!;
    await node.stop('SIGKILL');
    // Another node of the deployment records the move while this one is dead.
    const handle = createCommandHandler(database.sql, applyInline);
    await handle(dealAggregate, deal.id, { type: 'MoveDeal', stage: 'tour_completed', above: null, below: null, actor_id: 'system' }, { userId: 'system', now: new Date() });
    expect(await rowsOf(deal)).toEqual([]);
    await start();
    await until(async () => (await rowsOf(deal))[0]?.status === 'delivered', 'delivered after the restart');
    expect(postsOf(deal)).toHaveLength(1);
  }, 120_000);

  it('never posts a move twice when the server was killed in the middle of its POST', async () => {
    const deal = deals[2]!;
    receiver!.answerNext('hang');
    const before = receiver!.posts.length;
    const moved = await api('PATCH', `/api/deals/${deal.id}/stage`, { token, body: { stage: 'tour_completed' } });
    expect(moved.status, moved.text).toBe(200);
    await receiver!.until(before + 1, 'the POST under way');
    await node.stop('SIGKILL');
    expect((await rowsOf(deal))[0]).toMatchObject({ status: 'sending', attempts: 1 });

    await start();
    await until(async () => (await rowsOf(deal))[0]?.status === 'failed', 'recorded as interrupted');
    expect((await rowsOf(deal))[0]).toMatchObject({ status: 'failed', attempts: 1, error: INTERRUPTED });
    // A later move is delivered as usual, so the loop has moved past the interrupted row.
    const next = deals[3]!;
    await api('PATCH', `/api/deals/${next.id}/stage`, { token, body: { stage: 'tour_completed' } });
    await until(async () => (await rowsOf(next))[0]?.status === 'delivered', 'the next move delivered');
    expect(postsOf(deal)).toHaveLength(1);
  }, 120_000);
});
