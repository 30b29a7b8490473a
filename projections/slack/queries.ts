import { SLACK_CONFIG_ID, SLACK_WORKFLOWS_ID, type SlackConfig, type SlackWorkflows, type WorkflowRule } from '@shared/schemas/slack';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';

export interface SlackConfigRow {
  id: string;
  ciphertext: string | null;
  masked_url: string | null;
  enabled: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

interface SlackWorkflowsRow {
  id: string;
  workflow_rules: WorkflowRule[];
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Never saved: no URL, switched off, version 0, as of the start of time. */
const NO_CONFIG: SlackConfigRow = { id: SLACK_CONFIG_ID, ciphertext: null, masked_url: null, enabled: false, version: 0, created_at: new Date(0), updated_at: new Date(0) };
const NO_RULES: SlackWorkflowsRow = { id: SLACK_WORKFLOWS_ID, workflow_rules: [], version: 0, created_at: new Date(0), updated_at: new Date(0) };

/** As administrators read it: the URL masked, never sealed, never plain. */
const toConfig = (r: SlackConfigRow): SlackConfig => ({
  id: r.id,
  webhook_url: r.masked_url,
  webhook_url_set: r.ciphertext !== null,
  enabled: r.enabled,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const toWorkflows = (r: SlackWorkflowsRow): SlackWorkflows => ({
  id: r.id,
  workflow_rules: r.workflow_rules,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const CONFIG = 'SELECT c.id, c.ciphertext, c.masked_url, c.enabled, c.version, c.created_at, c.updated_at FROM slack_config c';
const WORKFLOWS = 'SELECT w.id, w.workflow_rules, w.version, w.created_at, w.updated_at FROM slack_workflows w';
const configRows = rowReads(CONFIG, 'c', (r: SlackConfigRow) => r);
const configs = rowReads(CONFIG, 'c', toConfig);
const workflows = rowReads(WORKFLOWS, 'w', toWorkflows);

/** The row with the sealed URL: for the server, which opens it only to send. */
export async function getSlackConfigRow(db: Db): Promise<SlackConfigRow> {
  return (await configRows.byId(db, SLACK_CONFIG_ID)) ?? NO_CONFIG;
}

export async function getSlackConfig(db: Db): Promise<SlackConfig> {
  return (await configs.byId(db, SLACK_CONFIG_ID)) ?? toConfig(NO_CONFIG);
}

export async function getSlackWorkflows(db: Db): Promise<SlackWorkflows> {
  return (await workflows.byId(db, SLACK_WORKFLOWS_ID)) ?? toWorkflows(NO_RULES);
}

export const slackConfigTouched = configs.touched;
export const slackWorkflowsTouched = workflows.touched;
