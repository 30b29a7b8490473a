import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { SLACK_MESSAGES, type WorkflowRule } from '@shared/schemas/slack';
import type { Aggregate, Decider } from '../decider';
import { DomainError } from '../store/errors';
import { SlackEventSchemas, type SlackConfigEvent, type SlackWorkflowsEvent } from './events';

export interface SlackConfigState {
  /** The sealed webhook URL; null until one is saved. */
  ciphertext: string | null;
  masked_url: string | null;
  enabled: boolean;
}

/**
 * Save Configuration. The URL arrives sealed (the server encrypts it before the command and
 * leaves it out when it equals the stored one, or when the masked value was sent back).
 */
export interface SaveSlackConfig {
  type: 'SaveSlackConfig';
  webhook?: { ciphertext: string; masked_url: string };
  enabled: boolean;
}

/** A deal board summary to post: refused while notifications are off or have no webhook. */
export interface PostBoardSummary {
  type: 'PostBoardSummary';
  text: string;
}

export const SLACK_NOT_SET_UP = 'Slack notifications are off: an administrator sets up the webhook and turns them on in Settings, Integrations';

export const slackConfigDecider: Decider<SaveSlackConfig | PostBoardSummary, SlackConfigState, SlackConfigEvent> = {
  initialState: { ciphertext: null, masked_url: null, enabled: false },

  decide(command, state) {
    if (command.type === 'PostBoardSummary') {
      if (!state.enabled || state.ciphertext === null) throw new DomainError(409, SLACK_NOT_SET_UP);
      return [{ type: 'SlackBoardSummaryRequested', data: { text: command.text } }];
    }
    // Sending back the mask keeps the saved URL; with none saved there is nothing to keep.
    if (!command.webhook && state.ciphertext === null) throw new DomainError(400, SLACK_MESSAGES.webhookRequired, 'webhook_url');
    const events: SlackConfigEvent[] = [];
    if (command.webhook) events.push({ type: 'SlackWebhookSet', data: command.webhook });
    if (command.enabled !== state.enabled) events.push({ type: 'SlackEnabledChanged', data: { enabled: command.enabled } });
    return events;
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SlackWebhookSet':
        return { ...state, ciphertext: event.data.ciphertext, masked_url: event.data.masked_url };
      case 'SlackEnabledChanged':
        return { ...state, enabled: event.data.enabled };
      case 'SlackBoardSummaryRequested':
        return state;
    }
  },
};

export interface SlackWorkflowsState {
  workflow_rules: WorkflowRule[];
}

export interface SaveWorkflowRules {
  type: 'SaveWorkflowRules';
  workflow_rules: WorkflowRule[];
}

export const slackWorkflowsDecider: Decider<SaveWorkflowRules, SlackWorkflowsState, SlackWorkflowsEvent> = {
  initialState: { workflow_rules: [] },

  decide(command, state) {
    if (JSON.stringify(command.workflow_rules) === JSON.stringify(state.workflow_rules)) return [];
    return [{ type: 'SlackWorkflowRulesSaved', data: { workflow_rules: command.workflow_rules } }];
  },

  evolve(_state, event) {
    return { workflow_rules: event.data.workflow_rules };
  },
};

export const slackConfigAggregate: Aggregate<SaveSlackConfig | PostBoardSummary, SlackConfigState, SlackConfigEvent> = {
  streamType: 'slack_config',
  streamId: (id) => `slack_config-${id}`,
  decider: slackConfigDecider,
  eventSchemas: { SlackWebhookSet: SlackEventSchemas.SlackWebhookSet, SlackEnabledChanged: SlackEventSchemas.SlackEnabledChanged, SlackBoardSummaryRequested: SlackEventSchemas.SlackBoardSummaryRequested },
  scope: eventScope(VISIBILITY.slack_config),
};

export const slackWorkflowsAggregate: Aggregate<SaveWorkflowRules, SlackWorkflowsState, SlackWorkflowsEvent> = {
  streamType: 'slack_workflows',
  streamId: (id) => `slack_workflows-${id}`,
  decider: slackWorkflowsDecider,
  eventSchemas: { SlackWorkflowRulesSaved: SlackEventSchemas.SlackWorkflowRulesSaved },
  scope: eventScope(VISIBILITY.slack_workflows),
};
