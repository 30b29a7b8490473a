import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { SystemSettings } from '@shared/schemas/settings';
import type { SlackDelivery } from '@shared/schemas/slack';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createLogger } from '../../server/logger';
import { SETTINGS_KEY_FILE } from '../../server/settings/settingsKey';
import { SLACK_NOTIFICATIONS } from '../../server/slack/notificationProcess';
import { AWAITING_KEY } from '../../server/slack/webhookSecret';
import { startServer, type RunningServer } from '../../server/start';
import { createTestDatabase } from '../support/db';
import { apiClient, demoCredentials, signIn, testConfig, type Api } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * Several nodes of one deployment on one database, each with its own data folder: node A keeps
 * its generated key file, node B is given that file's content as SETTINGS_KEY (as the README
 * says), node C another key. What one node sealed, another with the same key reads; a node with
 * another key says so, and Slack messages wait for a node that can read the webhook URL.
 */
interface Node extends RunningServer {
  api: Api;
  logs: string[];
}

let database: Database;
let dataDir: string;
let receiver: WebhookReceiver;
const nodes: Node[] = [];

async function startNode(name: string, overrides: Partial<Config> = {}): Promise<Node> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startServer(
    testConfig({
      databaseUrl: database.url,
      dataDir: path.join(dataDir, name),
      webhookAllowedHosts: [`127.0.0.1:${receiver.port}`],
      // No proxy in front of these nodes: a stop need not wait for requests beyond a moment.
      drain: { delayMs: 0, timeoutMs: 2_000 },
      ...overrides,
    }),
    { database, logger: createLogger('info', sink) },
  );
  const node = { ...server, api: apiClient(server.url), logs };
  nodes.push(node);
  return node;
}

async function stopNode(node: Node) {
  // Listed until closed, so a stop that hangs shows this node's last lines too.
  await node.close();
  nodes.splice(nodes.indexOf(node), 1);
}

async function until(done: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs one step of a case and, when it hangs, fails naming the step and what each node logged last. */
async function step<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const tails = nodes.map((node, i) => `node ${i}:\n${node.logs.slice(-8).join('\n')}`).join('\n');
      reject(new Error(`${what} did not finish in 25 s\n${tails}`));
    }, 25_000);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const adminOf = async (node: Node) => (await signIn(node.api, demoCredentials.admin)).access_token;
const RULE = { id: 'moves', event_type: 'deal_stage_change', enabled: true, channel: '', message_template: 'Moved {deal_name} to {new_stage}', conditions: {} };

let a: Node;
let keyFileContent: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-settings-key-'));
  receiver = await startWebhookReceiver();
  a = await startNode('a');
  keyFileContent = await readFile(path.join(dataDir, 'a', SETTINGS_KEY_FILE), 'utf8');
  await until(async () => (await database.sql`SELECT 1 FROM checkpoints WHERE name = ${`process:${SLACK_NOTIFICATIONS}`}`).length === 1, 'the notification process runs');
  const token = await adminOf(a);
  const crm = await a.api('PUT', '/api/settings/system', { token, body: { crm_api_key: 'sk_live_sealed_on_node_a_9876' } });
  expect(crm.status, crm.text).toBe(200);
  const slack = await a.api('POST', '/api/slack/config', { token, body: { webhook_url: receiver.url('/services/T0/B0/sealed-on-a'), enabled: true } });
  expect(slack.status, slack.text).toBe(200);
  const rules = await a.api('PUT', '/api/slack/workflows', { token, body: { workflow_rules: [RULE] } });
  expect(rules.status, rules.text).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const node of [...nodes].reverse()) await stopNode(node);
  await receiver?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('one settings key on every node', () => {
  it('lets a node given the key file\'s content as SETTINGS_KEY read what the first node sealed, and the first read what it seals', async () => {
    const b = await startNode('b', { settingsKey: keyFileContent });
    const token = await adminOf(b);
    const settings = await b.api<SystemSettings>('GET', '/api/settings/system', { token });
    expect(settings.body).toMatchObject({ crm_api_key_set: true, crm_api_key_problem: null });
    expect(settings.body.crm_api_key).toMatch(/9876$/);
    // B opens the webhook URL A sealed: the test message goes out.
    const test = await b.api('POST', '/api/slack/test', { token, body: { message: 'sent through node B' } });
    expect(test.status, test.text).toBe(200);
    expect(receiver.posts.at(-1)).toMatchObject({ path: '/services/T0/B0/sealed-on-a', body: { text: 'sent through node B' } });
    expect((await b.api('GET', '/api/ready')).status).toBe(200);
    expect(b.logs.join('\n')).not.toContain('cannot decrypt');

    // And the other way round: what B seals, A reads.
    const saved = await b.api('PUT', '/api/settings/system', { token, body: { crm_api_key: 'sk_live_sealed_on_node_b_5432', version: settings.body.version } });
    expect(saved.status, saved.text).toBe(200);
    const onA = await a.api<SystemSettings>('GET', '/api/settings/system', { token: await adminOf(a) });
    expect(onA.body).toMatchObject({ crm_api_key_problem: null });
    expect(onA.body.crm_api_key).toMatch(/5432$/);
    await stopNode(b);
  });

  it('has a node with another key say so at start and answer /api/ready 503 with the reason', async () => {
    const c = await step('starting node C', startNode('c', { settingsKey: 'another settings key, not the one node A sealed with' }));
    const line = c.logs.map((l) => JSON.parse(l) as { level: number; msg: string; reason?: string }).find((l) => l.msg === 'the settings key cannot decrypt the stored secrets');
    expect(line?.level).toBe(50);
    expect(line?.reason).toMatch(/^This node's settings key cannot decrypt the CRM API key and the Slack webhook URL, sealed with another key\./);
    const ready = await step('asking node C if it is ready', c.api('GET', '/api/ready'));
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not ready', reason: line!.reason });
    // The nodes with the right key stay ready.
    expect((await step('asking node A if it is ready', a.api('GET', '/api/ready'))).status).toBe(200);
    await step('stopping node C', stopNode(c));
  });

  it('keeps a Slack message pending on a node that cannot read the webhook URL, and sends it once a node with the right key runs', async () => {
    await stopNode(a);
    const c = await startNode('c', { settingsKey: 'another settings key, not the one node A sealed with' });
    const token = await adminOf(c);
    const deal = (await c.api<Deal[]>('GET', '/api/deals', { token })).body.find((d) => d.stage === 'form_submitted' || d.stage === 'tour_booked')!;
    const before = receiver.posts.length;
    const moved = await c.api('PATCH', `/api/deals/${deal.id}/stage`, { token, body: { stage: 'tour_completed' } });
    expect(moved.status, moved.text).toBe(200);
    const rowOf = async () =>
      (await c.api<SlackDelivery[]>('GET', '/api/slack/deliveries', { token })).body.find((d) => d.deal_id === deal.id);
    // Node C, alone, takes the row, cannot open the URL, and puts it back: pending, no attempt counted.
    await until(async () => (await rowOf())?.error === AWAITING_KEY, 'node C found it cannot send');
    expect(await rowOf()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(c.logs.join('\n')).toContain('slack webhook URL sealed with another settings key');
    expect(receiver.posts.length).toBe(before);

    // A node with the right key joins: the message goes out, once.
    await startNode('d', { settingsKey: keyFileContent });
    await until(async () => (await rowOf())?.status === 'delivered', 'delivered by the node with the right key');
    expect(await rowOf()).toMatchObject({ status: 'delivered', attempts: 1, error: null });
    expect(receiver.posts.filter((p) => p.body.text === `Moved ${deal.deal_name} to Tour Completed`)).toHaveLength(1);
  });
});
