import { SLACK_NOTIFICATIONS } from '../../server/slack/notificationProcess';
import { demoCredentials, signIn, startTestServer, type TestServer } from './server';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

/** Polls `done` every 50 ms for up to 30 s, failing with `what` it waited for. */
export async function until(done: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SlackWorld {
  server: TestServer;
  /** Where Slack's webhooks go: a local receiver, never the internet. */
  receiver: WebhookReceiver;
  tokens: { admin: string; manager: string; viewer: string };
  /** The demo manager's locations. */
  managerLocations: string[];
  close(): Promise<void>;
}

/**
 * A test server whose Slack webhooks may only reach a local receiver, the demo users signed in,
 * once the notification process has started (it begins at the log's head when it first runs:
 * a post for an earlier event would never come).
 */
export async function startSlackWorld(): Promise<SlackWorld> {
  const receiver = await startWebhookReceiver();
  const server = await startTestServer({ webhookAllowedHosts: [`127.0.0.1:${receiver.port}`] });
  const [admin, manager, viewer] = await Promise.all([
    signIn(server.api, demoCredentials.admin),
    signIn(server.api, demoCredentials.manager),
    signIn(server.api, demoCredentials.viewer),
  ]);
  await until(async () => (await server.deps.sql`SELECT 1 FROM checkpoints WHERE name = ${`process:${SLACK_NOTIFICATIONS}`}`).length === 1, 'the notification process runs');
  return {
    server,
    receiver,
    tokens: { admin: admin.access_token, manager: manager.access_token, viewer: viewer.access_token },
    managerLocations: manager.user.locations,
    async close() {
      await server.stop();
      await receiver.close();
    },
  };
}
