import { readFileSync } from 'node:fs';
import type { SlackConfigEvent, SlackWorkflowsEvent } from '../../events/slack/events';
import type { Row } from '../engine/memoryTables';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId, type Brief } from '../engine/projection';
import { slackConfigTouched, slackWorkflowsTouched } from './queries';

/** A save of the one row, which the first save creates switched off unless it says otherwise. */
const save = {
  upsert: (row: Row | null, { stream_id, data }: Brief<SlackConfigEvent>): Row => ({
    ...(row ?? { id: entityId(stream_id), ciphertext: null, masked_url: null, enabled: false }),
    ...data,
  }),
};

/** The webhook configuration, pushed to administrators as `slack_config` (the URL masked). */
export const slackConfigProjection = defineReadModel<SlackConfigEvent>({
  name: 'slack_config',
  version: 2,
  ddl: readFileSync(new URL('./config.sql', import.meta.url), 'utf8'),
  table: 'slack_config',
  // A summary posted changes nothing of the row but its version: a save after it carries the stream's.
  evolve: { SlackWebhookSet: save, SlackEnabledChanged: save, SlackBoardSummaryRequested: (row) => row },
  live: { entity: 'slack_config', load: slackConfigTouched },
});

/** The workflow rules, pushed to administrators as `slack_workflows`. */
export const slackWorkflowsProjection = defineReadModel<SlackWorkflowsEvent>({
  name: 'slack_workflows',
  version: 1,
  ddl: readFileSync(new URL('./workflows.sql', import.meta.url), 'utf8'),
  table: 'slack_workflows',
  evolve: {
    SlackWorkflowRulesSaved: { upsert: (row, { stream_id, data }) => ({ ...row, id: entityId(stream_id), workflow_rules: data.workflow_rules }) },
  },
  live: { entity: 'slack_workflows', load: slackWorkflowsTouched },
});
