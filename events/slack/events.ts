import { z } from 'zod';
import { WorkflowRule } from '@shared/schemas/slack';

export const SlackEventSchemas = {
  /**
   * The webhook URL sealed (AES-256-GCM, server/settings/secretBox.ts) and its masked form: the URL
   * itself never reaches the log; the mask (origin and last four characters) is what answers show.
   */
  SlackWebhookSet: z.object({ ciphertext: z.string().min(1), masked_url: z.string().min(1) }).strict(),
  /** Notifications switched on or off as a whole. */
  SlackEnabledChanged: z.object({ enabled: z.boolean() }).strict(),
  /** The whole list of rules as it now stands (a list of a few small rules: no per-rule events). */
  SlackWorkflowRulesSaved: z.object({ workflow_rules: z.array(WorkflowRule) }).strict(),
  /** Someone posted the deal board's changes (a meeting's summary): the message, for the outbox. */
  SlackBoardSummaryRequested: z.object({ text: z.string().min(1) }).strict(),
};

type Ev<K extends keyof typeof SlackEventSchemas> = { type: K; data: z.infer<(typeof SlackEventSchemas)[K]> };

export type SlackWebhookSet = Ev<'SlackWebhookSet'>;
export type SlackEnabledChanged = Ev<'SlackEnabledChanged'>;
export type SlackWorkflowRulesSaved = Ev<'SlackWorkflowRulesSaved'>;
export type SlackBoardSummaryRequested = Ev<'SlackBoardSummaryRequested'>;
export type SlackConfigEvent = SlackWebhookSet | SlackEnabledChanged | SlackBoardSummaryRequested;
export type SlackWorkflowsEvent = SlackWorkflowRulesSaved;
