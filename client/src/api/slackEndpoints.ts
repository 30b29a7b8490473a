import type { z } from 'zod';
import type { SaveSlackConfigInput, SaveWorkflowRulesInput, SendSlackTestInput, SlackConfig, SlackDelivery, SlackWorkflows } from '@shared/schemas/slack';
import { api, type CommandMeta } from './client';

/** The Slack calls (administrators), bodies typed from the shared schemas; the version travels in `meta`. */
export type SaveSlackConfigBody = Omit<z.input<typeof SaveSlackConfigInput>, 'version'>;
export type SaveWorkflowRulesBody = Omit<z.input<typeof SaveWorkflowRulesInput>, 'version'>;
export type SendSlackTestBody = z.input<typeof SendSlackTestInput>;

export const slackEndpoints = {
  config: () => api<SlackConfig>('GET', '/slack/config'),
  saveConfig: (body: SaveSlackConfigBody, meta?: CommandMeta) => api<SlackConfig>('POST', '/slack/config', { body, meta }),
  workflows: () => api<SlackWorkflows>('GET', '/slack/workflows'),
  saveWorkflows: (body: SaveWorkflowRulesBody, meta?: CommandMeta) => api<SlackWorkflows>('PUT', '/slack/workflows', { body, meta }),
  test: (body: SendSlackTestBody) => api<{ success: boolean }>('POST', '/slack/test', { body }),
  deliveries: (limit = 25) => api<SlackDelivery[]>('GET', '/slack/deliveries', { query: { limit } }),
};
