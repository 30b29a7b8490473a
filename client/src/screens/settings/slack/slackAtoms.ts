import { liveCollection } from '../../../live/registry';

/** The Slack configuration and the workflow rules (one row each, administrators only), kept live. */
export const slackConfigAtom = liveCollection('slack_config');
export const slackWorkflowsAtom = liveCollection('slack_workflows');
/** The latest rows of the delivery log, kept live (pushed as the server sends and retries). */
export const slackDeliveriesAtom = liveCollection('slack_deliveries');
