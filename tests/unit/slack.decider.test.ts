import { describe, it } from 'vitest';
import { slackConfigDecider, slackWorkflowsDecider } from '../../events/slack/decider';
import type { SlackConfigEvent, SlackWorkflowsEvent } from '../../events/slack/events';
import { newRule, SLACK_MESSAGES } from '@shared/schemas/slack';
import { specFor } from '../support/givenWhenThen';

const config = specFor(slackConfigDecider);
const rules = specFor(slackWorkflowsDecider);
const webhook = { ciphertext: 'v1.k.iv.ct.tag', masked_url: 'https://hooks.slack.com/services/••••••••abcd' };
const saved: SlackConfigEvent[] = [
  { type: 'SlackWebhookSet', data: webhook },
  { type: 'SlackEnabledChanged', data: { enabled: true } },
];

describe('slack configuration decider', () => {
  it('given nothing, when a URL is saved switched on, then the sealed URL and the switch are recorded', () => {
    config([]).when({ type: 'SaveSlackConfig', webhook, enabled: true }).then(saved);
  });

  it('given nothing, when the configuration is saved without a URL, then it is refused with the spec\'s message', () => {
    config([]).when({ type: 'SaveSlackConfig', enabled: true }).thenRefuses(400, SLACK_MESSAGES.webhookRequired);
  });

  it('given a saved URL, when the mask is sent back (no URL) and nothing else changes, then nothing is recorded', () => {
    config(saved).when({ type: 'SaveSlackConfig', enabled: true }).then([]);
  });

  it('given a saved URL, when notifications are switched off, then only the switch is recorded', () => {
    config(saved).when({ type: 'SaveSlackConfig', enabled: false }).then([{ type: 'SlackEnabledChanged', data: { enabled: false } }]);
  });
});

describe('slack workflow rules decider', () => {
  const rule = newRule('r1');
  it('given no rules, when a list is saved, then the whole list is recorded', () => {
    rules([]).when({ type: 'SaveWorkflowRules', workflow_rules: [rule] }).then([{ type: 'SlackWorkflowRulesSaved', data: { workflow_rules: [rule] } }]);
  });

  it('given rules, when the same list is saved, then nothing is recorded; a changed rule records the new list', () => {
    const given: SlackWorkflowsEvent[] = [{ type: 'SlackWorkflowRulesSaved', data: { workflow_rules: [rule] } }];
    rules(given).when({ type: 'SaveWorkflowRules', workflow_rules: [rule] }).then([]);
    const off = { ...rule, enabled: false };
    rules(given).when({ type: 'SaveWorkflowRules', workflow_rules: [off] }).then([{ type: 'SlackWorkflowRulesSaved', data: { workflow_rules: [off] } }]);
  });
});
