import { readFileSync } from 'node:fs';
import type { SlackConfigEvent, SlackWorkflowsEvent } from '../../events/slack/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables } from '../memoryTables';
import { defineProjection, entityId, foldUpsert, own, type Brief } from '../projection';
import { slackConfigTouched, slackWorkflowsTouched } from './queries';

/** The one row, created by the first save (switched off until a save says otherwise). */
function configRow(event: Brief<SlackConfigEvent>, changes: Record<string, string | boolean>) {
  const { at } = event.metadata;
  return {
    row: { id: entityId(event.stream_id), ciphertext: null, masked_url: null, enabled: false, ...changes, version: event.version, created_at: at, updated_at: at },
    changes: { ...changes, version: event.version, updated_at: at },
  };
}
function upsertConfig(db: Db, event: Brief<SlackConfigEvent>, changes: Record<string, string | boolean>) {
  const { row, changes: update } = configRow(event, changes);
  return db`INSERT INTO slack_config ${db(row)} ON CONFLICT (id) DO UPDATE SET ${db(update)}`;
}
function foldConfig(tables: MemoryTables, event: Brief<SlackConfigEvent>, changes: Record<string, string | boolean>) {
  const { row, changes: update } = configRow(event, changes);
  foldUpsert(tables, 'slack_config', row, update);
}

/** The webhook configuration, pushed to administrators as `slack_config` (the URL masked). */
export const slackConfigProjection = defineProjection<SlackConfigEvent>({
  name: 'slack_config',
  version: 1,
  ddl: readFileSync(new URL('./config.sql', import.meta.url), 'utf8'),
  tables: ['slack_config'],
  on: {
    SlackWebhookSet: { apply: (db, event) => upsertConfig(db, event, { ...event.data }), fold: (tables, event) => foldConfig(tables, event, { ...event.data }), changed: own },
    SlackEnabledChanged: { apply: (db, event) => upsertConfig(db, event, { ...event.data }), fold: (tables, event) => foldConfig(tables, event, { ...event.data }), changed: own },
  },
  live: { entity: 'slack_config', load: slackConfigTouched },
});

/** The workflow rules, pushed to administrators as `slack_workflows`. */
export const slackWorkflowsProjection = defineProjection<SlackWorkflowsEvent>({
  name: 'slack_workflows',
  version: 1,
  ddl: readFileSync(new URL('./workflows.sql', import.meta.url), 'utf8'),
  tables: ['slack_workflows'],
  on: {
    SlackWorkflowRulesSaved: {
      apply(db, event) {
        const { at } = event.metadata;
        const rules = db.json(event.data.workflow_rules as unknown as Parameters<typeof db.json>[0]);
        return db`
          INSERT INTO slack_workflows (id, workflow_rules, version, created_at, updated_at)
          VALUES (${entityId(event.stream_id)}, ${rules}, ${event.version}, ${at}, ${at})
          ON CONFLICT (id) DO UPDATE SET workflow_rules = EXCLUDED.workflow_rules, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`;
      },
      fold(tables, event) {
        const { at } = event.metadata;
        const changes = { workflow_rules: event.data.workflow_rules, version: event.version, updated_at: at };
        foldUpsert(tables, 'slack_workflows', { id: entityId(event.stream_id), ...changes, created_at: at }, changes);
      },
      changed: own,
    },
  },
  live: { entity: 'slack_workflows', load: slackWorkflowsTouched },
});
