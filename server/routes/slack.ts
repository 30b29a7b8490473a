import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { slackConfigAggregate, slackWorkflowsAggregate } from '../../events/slack/decider';
import type { Tx } from '../../events/store/types';
import { getSlackConfig, getSlackConfigRow, getSlackWorkflows } from '../../projections/slack/queries';
import { DeliveriesQuery, isMaskedWebhook, maskWebhookUrl, SaveSlackConfigInput, SaveWorkflowRulesInput, SendSlackTestInput, SLACK_CONFIG_ID, SLACK_MESSAGES, SLACK_WORKFLOWS_ID, SlackConfig, SlackDelivery, SlackTestAnswer, SlackWorkflows } from '@shared/schemas/slack';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { validate } from '../middleware/validate';
import { permit } from '../policies';
import { recentDeliveries } from '../slack/outbox';
import { postWebhook } from '../slack/postWebhook';
import { checkWebhookUrl, type WebhookTarget } from '../slack/webhookHosts';
import { WEBHOOK_FIELD, UNREADABLE_WEBHOOK, openWebhookUrl } from '../slack/webhookSecret';
import { commandContext } from './context';
import { singletonRoutes } from './singletonRoutes';

const badUrl = (message: string) => new HttpError(400, message, [{ field: 'webhook_url', message }]);

/**
 * Slack notifications (administrators only): the webhook configuration (its URL stored sealed and
 * answered masked), the workflow rules, a test message, and the delivery log of what was sent.
 */
export function slackRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle, secrets, webhookHosts } = deps;
  const admin = permit('slack.configure');

  /** A URL as typed, if the host rule allows it: refused at save time as at send time. */
  const allowed = (url: string): WebhookTarget => {
    const check = checkWebhookUrl(url, webhookHosts);
    if (!check.ok) throw badUrl(check.reason);
    return check.target;
  };

  const config = singletonRoutes(router, '/slack/config', [auth, admin], SlackConfig);

  config.show(() => getSlackConfig(sql));

  config.save('post', SaveSlackConfigInput, async (ctx, body) => {
    const stored = await getSlackConfigRow(sql);
    // The mask sent back keeps the saved URL; so does the same URL typed again.
    const typed = isMaskedWebhook(body.webhook_url) ? null : body.webhook_url;
    if (typed !== null) allowed(typed);
    const webhook =
      typed === null || openWebhookUrl(stored, secrets) === typed ? undefined : { ciphertext: secrets.seal(typed, WEBHOOK_FIELD), masked_url: maskWebhookUrl(typed) };
    const { view } = await handle(slackConfigAggregate, SLACK_CONFIG_ID, { type: 'SaveSlackConfig', webhook, enabled: body.enabled }, commandContext(ctx), { expectedVersion: body.version, read: (tx: Tx) => getSlackConfig(tx) });
    return view;
  });

  const workflows = singletonRoutes(router, '/slack/workflows', [auth, admin], SlackWorkflows);

  workflows.show(() => getSlackWorkflows(sql));

  workflows.save('put', SaveWorkflowRulesInput, async (ctx, body) => {
    const { view } = await handle(slackWorkflowsAggregate, SLACK_WORKFLOWS_ID, { type: 'SaveWorkflowRules', workflow_rules: body.workflow_rules }, commandContext(ctx), { expectedVersion: body.version, read: (tx: Tx) => getSlackWorkflows(tx) });
    return view;
  });

  /**
   * Posts one message now, to the URL being typed (when it is not the mask) or else the saved one:
   * the Test button checks what the administrator sees. Not in the outbox: nothing to repeat.
   */
  router.post(
    '/slack/test',
    auth,
    admin,
    validate({ response: SlackTestAnswer, body: SendSlackTestInput, errors: [502] }, async (ctx, { body }) => {
      let url = body.webhook_url && !isMaskedWebhook(body.webhook_url) ? body.webhook_url : null;
      if (url === null) {
        const stored = await getSlackConfigRow(sql);
        if (stored.ciphertext === null) throw badUrl(SLACK_MESSAGES.webhookRequired);
        url = openWebhookUrl(stored, secrets);
        if (url === null) throw badUrl(UNREADABLE_WEBHOOK);
      }
      const outcome = await postWebhook(allowed(url), { text: body.message });
      // The webhook's refusal or silence is the far end's failure, not the request's: 502.
      if (outcome.kind !== 'delivered') throw new HttpError(502, outcome.error);
      ctx.body = { success: true };
    }),
  );

  /** The delivery log: the latest notifications and how sending each went. */
  router.get(
    '/slack/deliveries',
    auth,
    admin,
    validate({ response: z.array(SlackDelivery), query: DeliveriesQuery }, async (ctx, { query }) => {
      ctx.body = await recentDeliveries(sql, query.limit);
    }),
  );

  return router;
}
