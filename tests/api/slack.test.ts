import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import { formatCurrency } from '@shared/domain/money';
import type { ErrorBody } from '@shared/schemas/common';
import type { Deal } from '@shared/schemas/deals';
import type { Location } from '@shared/schemas/locations';
import { KEY_MASK } from '@shared/schemas/settings';
import { SLACK_MESSAGES, type SlackConfig, type SlackDelivery, type SlackWorkflows, type WorkflowRule } from '@shared/schemas/slack';
import { rebuild } from '../../projections/registry';
import { SLACK_NOTIFICATIONS } from '../../server/slack/notificationProcess';
import { listen } from '../support/sockets';
import { type TestServer } from '../support/server';
import type { WebhookReceiver } from '../support/webhookReceiver';
import { startSlackWorld, until, type SlackWorld } from '../support/slackWorld';

let world: SlackWorld;
let server: TestServer;
let receiver: WebhookReceiver;
let tokens: SlackWorld['tokens'];
let locations: Location[];
let deals: Deal[];
let manager_locations: string[];

beforeAll(async () => {
  world = await startSlackWorld();
  ({ server, receiver, tokens, managerLocations: manager_locations } = world);
  locations = (await server.api<Location[]>('GET', '/api/locations', { token: tokens.admin })).body;
  deals = (await server.api<Deal[]>('GET', '/api/deals', { token: tokens.admin })).body.filter((d) => d.stage === 'form_submitted' || d.stage === 'tour_booked');
});
afterAll(async () => {
  await world?.close();
});

const call = <T = unknown>(method: string, path: string, body?: unknown, token = tokens.admin) => server.api<T & ErrorBody>(method, path, { token, body });
const saveConfig = (body: Record<string, unknown>, token = tokens.admin) => call<SlackConfig>('POST', '/api/slack/config', body, token);
const saveRules = (workflow_rules: Partial<WorkflowRule>[], token = tokens.admin) => call<SlackWorkflows>('PUT', '/api/slack/workflows', { workflow_rules }, token);
const deliveries = async () => (await call<SlackDelivery[]>('GET', '/api/slack/deliveries')).body;
const deliveriesOf = async (position: number) => (await deliveries()).filter((d) => d.event_position === position);

const SECRET_URL_PATH = '/services/T0001/B0002/s3cr3tT0k3nAbCdWxyz';

/** Moves a deal and answers the position of the move's event. */
async function move(deal: Deal, stage: DealStage): Promise<number> {
  const res = await call('PATCH', `/api/deals/${deal.id}/stage`, { stage });
  expect(res.status, res.text).toBe(200);
  const [row] = await server.deps.sql<{ position: number }[]>`
    SELECT position::float8 AS position FROM events WHERE stream_id = ${`deal-${deal.id}`} AND type = 'DealMoved' ORDER BY version DESC LIMIT 1`;
  return row!.position;
}

describe('who may configure Slack', () => {
  it('administrators only: managers and viewers are refused every call', async () => {
    for (const token of [tokens.manager, tokens.viewer]) {
      for (const [method, path, body] of [
        ['GET', '/api/slack/config'],
        ['POST', '/api/slack/config', { webhook_url: receiver.url(), enabled: true }],
        ['GET', '/api/slack/workflows'],
        ['PUT', '/api/slack/workflows', { workflow_rules: [] }],
        ['POST', '/api/slack/test', { message: 'hi' }],
        ['GET', '/api/slack/deliveries'],
      ] as const) {
        const res = await call(method, path, body, token);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe('Requires the admin role');
      }
    }
    expect((await server.api('GET', '/api/slack/config')).status).toBe(401);
    expect(receiver.posts).toHaveLength(0);
  });
});

describe('the configuration', () => {
  it('is empty and switched off until saved', async () => {
    const res = await call<SlackConfig>('GET', '/api/slack/config');
    expect(res.body).toMatchObject({ webhook_url: null, webhook_url_set: false, enabled: false, version: 0 });
    expect((await call<SlackWorkflows>('GET', '/api/slack/workflows')).body).toMatchObject({ workflow_rules: [], version: 0 });
  });

  it('needs a webhook URL, with the spec\'s message, and refuses a URL to another host', async () => {
    const empty = await saveConfig({ webhook_url: '', enabled: true });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SLACK_MESSAGES.webhookRequired);
    expect(empty.body.fields).toEqual([{ field: 'webhook_url', message: SLACK_MESSAGES.webhookRequired }]);
    for (const webhook_url of ['https://example.com/services/T0/B0/x', 'http://hooks.slack.com/services/T0/B0/x', `http://127.0.0.1:${receiver.port + 1}/services/x`, 'http://169.254.169.254/latest/meta-data']) {
      const refused = await saveConfig({ webhook_url, enabled: true });
      expect(refused.status, webhook_url).toBe(400);
      expect(refused.body.message, webhook_url).toMatch(/^Webhook URLs must start with https:\/\/hooks\.slack\.com\//);
    }
    // Nothing saved yet: a test message has no URL to go to.
    const test = await call('POST', '/api/slack/test', { message: 'hello' });
    expect(test.status).toBe(400);
    expect(test.body.message).toBe(SLACK_MESSAGES.webhookRequired);
    const refusedTest = await call('POST', '/api/slack/test', { message: 'hello', webhook_url: 'https://example.com/x' });
    expect(refusedTest.status).toBe(400);
    expect((await call<SlackConfig>('GET', '/api/slack/config')).body.version).toBe(0);
    expect(receiver.posts).toHaveLength(0);
  });

  it('keeps the URL sealed: answered masked, in no event and no row, and the mask sent back keeps it', async () => {
    const url = receiver.url(SECRET_URL_PATH);
    const saved = await saveConfig({ webhook_url: url, enabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ webhook_url: `http://127.0.0.1:${receiver.port}/services/${KEY_MASK}Wxyz`, webhook_url_set: true, enabled: true, version: 2 });
    expect(saved.text).not.toContain('s3cr3t');
    const events = await server.deps.sql<{ text: string }[]>`SELECT data::text AS text FROM events WHERE stream_type = 'slack_config'`;
    const rows = await server.deps.sql<{ text: string }[]>`SELECT c::text AS text FROM slack_config c`;
    expect([...events, ...rows].map((r) => r.text).join('\n')).not.toContain('s3cr3t');

    const again = await saveConfig({ ...saved.body, enabled: true });
    expect(again.status, again.text).toBe(200);
    expect(again.body.version).toBe(2);
    const stale = await saveConfig({ webhook_url: saved.body.webhook_url, enabled: false, version: 1 });
    expect(stale.status).toBe(409);
  });

  it('is pushed to administrators\' sockets and to no one else\'s', async () => {
    const admin = listen(server.url, { token: tokens.admin });
    const manager = listen(server.url, { token: tokens.manager });
    await Promise.all([admin.ready, manager.ready]);
    const off = await saveConfig({ webhook_url: `${KEY_MASK}`, enabled: false });
    expect(off.status, off.text).toBe(200);
    await admin.until((changes) => changes.some((c) => c.changes.some((row) => row.entity === 'slack_config' && row.row?.version === off.body.version)), 'the config pushed');
    const pushed = admin.changes.flatMap((c) => c.changes).find((row) => row.entity === 'slack_config' && row.row?.version === off.body.version);
    expect(pushed!.row).toEqual(off.body);
    // The manager's socket hears the next event (a deal at its locations), never the configuration.
    const managerDeal = deals.slice(10).find((d) => manager_locations.includes(d.location_id))!;
    await move(managerDeal, 'tour_completed');
    await manager.until((changes) => changes.some((c) => c.changes.some((row) => row.id === managerDeal.id)), 'the deal pushed to the manager');
    expect(manager.changes.flatMap((c) => c.changes).some((row) => row.entity === 'slack_config' || row.entity === 'slack_workflows')).toBe(false);
    admin.close();
    manager.close();
    expect((await saveConfig({ webhook_url: `${KEY_MASK}`, enabled: true })).status).toBe(200);
  });

  it('sends a test message to the saved URL, or says what the webhook answered', async () => {
    const before = receiver.posts.length;
    const sent = await call('POST', '/api/slack/test', { message: 'Testing 1, 2' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ success: true });
    expect(receiver.posts.slice(before)).toEqual([{ path: SECRET_URL_PATH, body: { text: 'Testing 1, 2' } }]);
    receiver.answerNext({ status: 404, body: 'no_service' });
    const refused = await call('POST', '/api/slack/test', { message: 'Testing again' });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The webhook answered 404: no_service');
  });
});

describe('notifications from the log', () => {
  const stageRule: WorkflowRule = { id: 'stage-1', event_type: 'deal_stage_change', enabled: true, channel: '#sales', message_template: '{deal_name} of {company_name} at {location_name} ({offered_price}): {old_stage} -> {new_stage}', conditions: {} };
  const disabledRule: WorkflowRule = { ...stageRule, id: 'stage-off', enabled: false, channel: '', message_template: 'never sent {deal_name}' };
  const signedRule: WorkflowRule = { id: 'signed-1', event_type: 'deal_signed', enabled: true, channel: '', message_template: 'Signed: {deal_name}', conditions: {} };

  const expected = (deal: Deal, from: DealStage, to: DealStage) =>
    `${deal.deal_name} of ${deal.company_name.replace(/&/g, '&amp;')} at ${locations.find((l) => l.id === deal.location_id)!.name} (${formatCurrency(deal.offered_price)}): ${DEAL_STAGE_LABELS[from]} -> ${DEAL_STAGE_LABELS[to]}`;

  it('a stage change gives exactly one post per enabled rule, with its template rendered, and none for a disabled rule', async () => {
    const saved = await saveRules([stageRule, disabledRule, signedRule]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.workflow_rules).toEqual([stageRule, disabledRule, signedRule]);
    const deal = deals[1]!;
    const before = receiver.posts.length;
    const position = await move(deal, 'tour_completed');
    await until(async () => {
      const rows = await deliveriesOf(position); // one read: the rows may appear between two
      return rows.length > 0 && rows.every((d) => d.status === 'delivered');
    }, 'the move is delivered');
    const rows = await deliveriesOf(position);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rule_id: 'stage-1', event_type: 'deal_stage_change', deal_id: deal.id, status: 'delivered', attempts: 1, status_code: 200, error: null, channel: '#sales' });
    await new Promise((resolve) => setTimeout(resolve, 700)); // a second post, if any, would arrive by now
    expect(receiver.posts.slice(before)).toEqual([{ path: SECRET_URL_PATH, body: { text: expected(deal, deal.stage, 'tour_completed'), channel: '#sales' } }]);
  });

  it('a deal reaching agreement_signed gives the signed rule\'s post beside the stage change\'s', async () => {
    const deal = deals[2]!;
    const before = receiver.posts.length;
    const position = await move(deal, 'agreement_signed');
    await until(async () => (await deliveriesOf(position)).filter((d) => d.status === 'delivered').length === 2, 'both are delivered');
    expect((await deliveriesOf(position)).map((d) => d.rule_id).sort()).toEqual(['signed-1', 'stage-1']);
    expect(receiver.posts.slice(before).map((p) => p.body.text).sort()).toEqual([expected(deal, deal.stage, 'agreement_signed'), `Signed: ${deal.deal_name}`].sort());
  });

  it('a webhook answering 500 twice then 200 gives exactly one delivered message, after three attempts', async () => {
    receiver.answerNext({ status: 500, body: 'server_error' }, { status: 500, body: 'server_error' });
    const deal = deals[3]!;
    const before = receiver.posts.length;
    const position = await move(deal, 'tour_completed');
    await until(async () => (await deliveriesOf(position))[0]?.status === 'delivered', 'delivered after retries');
    const [row] = await deliveriesOf(position);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, status_code: 200, error: null });
    expect(row!.delivered_at).not.toBeNull();
    // Three requests arrived, all the same message; the first two were refused by the receiver.
    expect(receiver.posts.slice(before).map((p) => p.body.text)).toEqual(Array(3).fill(expected(deal, deal.stage, 'tour_completed')));
  });

  it('a 4xx other than 429 is final: recorded failed after one attempt, with what the webhook said', async () => {
    receiver.answerNext({ status: 400, body: 'invalid_payload' });
    const deal = deals[4]!;
    const position = await move(deal, 'tour_completed');
    await until(async () => (await deliveriesOf(position))[0]?.status === 'failed', 'recorded failed');
    expect((await deliveriesOf(position))[0]).toMatchObject({ status: 'failed', attempts: 1, status_code: 400, error: 'The webhook answered 400: invalid_payload' });
  });

  it('a redirect is never followed: recorded failed after one attempt', async () => {
    receiver.answerNext({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } });
    const deal = deals[6]!;
    const before = receiver.posts.length;
    const position = await move(deal, 'tour_completed');
    await until(async () => (await deliveriesOf(position))[0]?.status === 'failed', 'recorded failed');
    const [row] = await deliveriesOf(position);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, status_code: 302 });
    expect(row!.error).toContain('redirects are not followed');
    expect(receiver.posts.length).toBe(before + 1);
  });

  it('a 429 and a webhook silent past the timeout are tried again, and delivered', async () => {
    receiver.answerNext({ status: 429, body: 'rate_limited', headers: { 'retry-after': '1' } }, 'hang');
    const deal = deals[7]!;
    const position = await move(deal, 'tour_completed');
    await until(async () => (await deliveriesOf(position))[0]?.status === 'delivered', 'delivered after a 429 and a timeout');
    expect((await deliveriesOf(position))[0]).toMatchObject({ status: 'delivered', attempts: 3, status_code: 200, error: null });
  }, 30_000);

  it('a URL the host rule no longer allows is refused at send time: recorded failed, nothing posted', async () => {
    const allowed = [...server.deps.webhookHosts];
    server.deps.webhookHosts.length = 0; // as after a restart without WEBHOOK_ALLOWED_HOSTS
    try {
      const before = receiver.posts.length;
      const position = await move(deals[8]!, 'tour_completed');
      await until(async () => (await deliveriesOf(position))[0]?.status === 'failed', 'recorded failed');
      expect((await deliveriesOf(position))[0]).toMatchObject({ attempts: 1, status_code: null, error: expect.stringMatching(/^Webhook URLs must start with https:\/\/hooks\.slack\.com\//) });
      expect(receiver.posts.length).toBe(before);
    } finally {
      server.deps.webhookHosts.push(...allowed);
    }
  });

  it('each change of a delivery is pushed to administrators\' sockets as the log answers it, and to no one else\'s', async () => {
    const admin = listen(server.url, { token: tokens.admin });
    const manager = listen(server.url, { token: tokens.manager });
    await Promise.all([admin.ready, manager.ready]);
    receiver.answerNext({ status: 400, body: 'invalid_payload' });
    const deal = deals[5]!;
    const position = await move(deal, 'tour_completed');
    const pushed = () =>
      admin.rows.flatMap((m) => m.changes).flatMap((c) => (c.entity === 'slack_deliveries' && c.row?.event_position === position ? [c.row] : []));
    await admin.untilRows(() => pushed().some((r) => r.status === 'failed'), 'the failed row pushed');
    const [row] = await deliveriesOf(position);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, status_code: 400, error: 'The webhook answered 400: invalid_payload' });
    // The last push is the row as the log answers it; pushes arrive in the order of the row's changes.
    expect(pushed().at(-1)).toEqual(row);
    const versions = pushed().map((r) => r.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    // The manager's socket hears a later change (a deal at its locations), never a delivery.
    const managerDeal = deals.slice(10).find((d) => manager_locations.includes(d.location_id) && d.id !== deal.id)!;
    const later = await move(managerDeal, 'tour_booked');
    await manager.until((changes) => changes.some((c) => c.changes.some((change) => change.id === managerDeal.id)), 'the deal pushed to the manager');
    expect(manager.rows).toEqual([]);
    // That move's own notification is sent before the next test looks at the log.
    await until(async () => (await deliveriesOf(later))[0]?.status === 'delivered', 'the later move delivered');
    admin.close();
    manager.close();
  });

  it('nothing is written while notifications are switched off', async () => {
    expect((await saveConfig({ webhook_url: KEY_MASK, enabled: false })).status).toBe(200);
    const position = await move(deals[9]!, 'tour_completed');
    // The process has passed the move once its checkpoint has.
    await until(async () => {
      const [row] = await server.deps.sql<{ position: number }[]>`SELECT position::float8 AS position FROM checkpoints WHERE name = ${`process:${SLACK_NOTIFICATIONS}`}`;
      return row!.position >= position;
    }, 'the process passed the move');
    expect(await deliveriesOf(position)).toEqual([]);
    expect((await saveConfig({ webhook_url: KEY_MASK, enabled: true })).status).toBe(200);
  });
});

describe('a rebuild', () => {
  it('gives back the configuration and rules exactly; the delivery log is not a read model and stays', async () => {
    const config = (await call<SlackConfig>('GET', '/api/slack/config')).body;
    const rules = (await call<SlackWorkflows>('GET', '/api/slack/workflows')).body;
    const tables = async () => ({
      config: await server.deps.sql`SELECT * FROM slack_config`,
      workflows: await server.deps.sql`SELECT * FROM slack_workflows`,
      deliveries: await server.deps.sql`SELECT * FROM slack_deliveries ORDER BY event_position, rule_id`,
    });
    const before = await tables();
    await rebuild(server.deps.sql);
    expect(await tables()).toEqual(before);
    expect((await call<SlackConfig>('GET', '/api/slack/config')).body).toEqual(config);
    expect((await call<SlackWorkflows>('GET', '/api/slack/workflows')).body).toEqual(rules);
    expect(rules.workflow_rules).toHaveLength(3);
    expect(config.webhook_url_set).toBe(true);
  });
});
