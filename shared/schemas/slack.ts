import { z } from 'zod';
import { ExpectedVersion, formMessage } from './common';
import { KEY_MASK } from './settings';
import { isHttpUrl, storableJson, answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/**
 * Chat notifications (Slack): the webhook configuration and the workflow rules are one row each,
 * administrators only (spec part 2, "Chat-notification (Slack) configuration"). Each is its own
 * stream with its own version, so saving the Setup tab never makes the Workflows tab's next save
 * a conflict.
 */
export const SLACK_CONFIG_ID = '00000000-0000-4000-8000-0000000051ac';
export const SLACK_WORKFLOWS_ID = '00000000-0000-4000-8000-0000000051ad';

export const SLACK_EVENT_TYPES = ['deal_signed', 'new_lead', 'deal_stage_change', 'room_booked'] as const;
export type SlackEventType = (typeof SLACK_EVENT_TYPES)[number];

export const SLACK_EVENT_LABELS: Record<SlackEventType, string> = {
  deal_signed: 'Deal Signed',
  new_lead: 'New Lead',
  deal_stage_change: 'Deal Stage Change',
  room_booked: 'Room Booked',
};

/** What each event type means, for the rule editor. */
export const SLACK_EVENT_DESCRIPTIONS: Record<SlackEventType, string> = {
  deal_signed: 'A deal reaches Agreement Signed',
  new_lead: 'A new deal is created',
  deal_stage_change: 'A deal moves to another stage',
  room_booked: 'A meeting room is booked',
};

/** The variables every template may use; stage changes add the two stages. */
export const TEMPLATE_VARIABLES = ['company_name', 'deal_name', 'offered_price', 'location_name'] as const;
export const STAGE_VARIABLES = ['old_stage', 'new_stage'] as const;
/** A booking's variables: its times on the location's clock. */
export const BOOKING_VARIABLES = ['title', 'room', 'location_name', 'starts_at', 'ends_at', 'booked_by', 'member_name'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number] | (typeof STAGE_VARIABLES)[number] | (typeof BOOKING_VARIABLES)[number];
export const variablesFor = (type: SlackEventType): TemplateVariable[] =>
  type === 'room_booked' ? [...BOOKING_VARIABLES] : type === 'deal_stage_change' ? [...TEMPLATE_VARIABLES, ...STAGE_VARIABLES] : [...TEMPLATE_VARIABLES];

export const DEFAULT_TEMPLATES: Record<SlackEventType, string> = {
  deal_signed: '🎉 Deal signed! {company_name} signed {deal_name} at {location_name} for {offered_price}/month.',
  new_lead: '🆕 New lead: {company_name} ({deal_name}) is interested in {location_name}, offered {offered_price}/month.',
  deal_stage_change: '📊 {deal_name} ({company_name}) moved from {old_stage} to {new_stage}.',
  room_booked: '📅 {room} at {location_name} is booked {starts_at}-{ends_at} for {title} by {booked_by}.',
};

/** A new rule (spec §5): a stage change, enabled, no channel override, the type's default template. */
export const newRule = (id: string): WorkflowRule => ({
  id,
  event_type: 'deal_stage_change',
  enabled: true,
  channel: '',
  message_template: DEFAULT_TEMPLATES.deal_stage_change,
  conditions: {},
});

/** Changing a rule's type keeps a template already written; an empty one takes the new type's default. */
export const withEventType = (rule: WorkflowRule, event_type: SlackEventType): WorkflowRule => ({
  ...rule,
  event_type,
  message_template: rule.message_template.trim() ? rule.message_template : DEFAULT_TEMPLATES[event_type],
});

/** The Test button is enabled only when the URL contains the provider's webhook services path. */
export const SLACK_SERVICES_PATH = 'hooks.slack.com/services';
export const canTestWebhook = (url: string) => url.includes(SLACK_SERVICES_PATH);

/** How long a success message stays (spec §9). */
export const SLACK_SUCCESS_MS = 3_000;

export const SLACK_MESSAGES = {
  webhookRequired: formMessage('Please enter a webhook URL first'),
  loadRulesFailed: 'Failed to load workflow rules',
  saveRulesFailed: (message: string) => `Failed to save workflow rules: ${message}`,
  saveConfigFailed: (message: string) => `Failed to save Slack configuration: ${message}`,
  testFailed: (message: string) => `Failed to send test message: ${message}`,
  rulesSaved: 'Workflow rules saved successfully!',
  configSaved: 'Slack configuration saved successfully!',
  testSent: 'Test message sent to Slack successfully! Check your channel.',
} as const;

export const DEFAULT_TEST_MESSAGE = '👋 Test message from FlexSpace Operations: your Slack notifications are connected.';

/**
 * A webhook URL is a credential (whoever holds it may post to the channel), so it is answered
 * masked, like the CRM key: its origin, the services path when it has one, bullets and the last
 * four characters. The masked form keeps the path up to the services part, so the Test button stays on.
 */
export function maskWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const services = parsed.pathname.indexOf('/services/');
    const prefix = services >= 0 ? parsed.pathname.slice(0, services + '/services/'.length) : '/';
    return `${parsed.origin}${prefix}${KEY_MASK}${url.slice(-4)}`;
  } catch {
    return `${KEY_MASK}${url.slice(-4)}`;
  }
}
/** The masked URL GET answered, sent back: "keep the saved one". */
export const isMaskedWebhook = (value: string) => value.includes(KEY_MASK);

export const WEBHOOK_URL_MAX = 500;
const WEBHOOK_URL_MESSAGE = 'The webhook URL must be a full http(s) address, such as https://hooks.slack.com/services/...';

/**
 * The webhook URL as typed: required (the spec's message), an http(s) URL, or the masked value
 * GET answered. Which hosts may be named is the server's rule (configuration), checked apart.
 */
const WebhookUrl = str('The webhook URL', SLACK_MESSAGES.webhookRequired)
  .trim()
  .min(1, { message: SLACK_MESSAGES.webhookRequired, abort: true })
  .max(WEBHOOK_URL_MAX, { message: `The webhook URL may be at most ${WEBHOOK_URL_MAX} characters` })
  .refine((value) => isMaskedWebhook(value) || isHttpUrl(value), { message: WEBHOOK_URL_MESSAGE });

/** POST /api/slack/config. */
export const SaveSlackConfigInput = z
  .object({
    webhook_url: WebhookUrl,
    enabled: z.boolean({ message: 'Enabled must be true or false' }).default(true),
    version: ExpectedVersion,
    ...ignored('id', 'webhook_url_set', 'created_at', 'updated_at'),
  })
  .strict();
export type SaveSlackConfigInput = z.infer<typeof SaveSlackConfigInput>;

export const RULE_ID_MAX = 64;
export const CHANNEL_MAX = 80;
export const TEMPLATE_MAX = 2_000;
export const MAX_RULES = 50;

export const WorkflowRule = z
  .object({
    id: str('A rule id', 'Each rule needs an id').trim().min(1, { message: 'Each rule needs an id' }).max(RULE_ID_MAX, { message: `A rule id may be at most ${RULE_ID_MAX} characters` }),
    event_type: z.enum(SLACK_EVENT_TYPES, { message: `The event type must be one of ${SLACK_EVENT_TYPES.join(', ')}` }),
    enabled: z.boolean().default(true),
    /** An optional channel or user handle (#sales, @dana); empty: the webhook's own channel. */
    channel: str('The channel')
      .max(CHANNEL_MAX, { message: `The channel may be at most ${CHANNEL_MAX} characters` })
      .nullish()
      .transform((value) => (value ?? '').trim()),
    message_template: str('A message template').max(TEMPLATE_MAX, { message: `A message template may be at most ${TEMPLATE_MAX} characters` }).default(''),
    /** Free-form, kept as sent (jsonb): no key or value anywhere in it may hold what cannot be stored. */
    conditions: z
      .object({}, { message: 'Conditions must be an object' })
      .catchall(z.unknown())
      .refine(...storableJson('Conditions'))
      .default({}),
  })
  .strict();
export type WorkflowRule = z.output<typeof WorkflowRule>;

/** PUT /api/slack/workflows: the whole list as it now stands. */
export const SaveWorkflowRulesInput = z
  .object({
    workflow_rules: z
      .array(WorkflowRule)
      .max(MAX_RULES, { message: `At most ${MAX_RULES} rules` })
      .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, { message: 'Two rules have the same id' }),
    version: ExpectedVersion,
    ...ignored('id', 'created_at', 'updated_at'),
  })
  .strict();
export type SaveWorkflowRulesInput = z.infer<typeof SaveWorkflowRulesInput>;

/** POST /api/slack/test: the message, and the URL being typed when it is not the saved one. */
export const SendSlackTestInput = z
  .object({
    message: str('The message').trim().min(1, { message: 'Enter a message to send' }).max(TEMPLATE_MAX, { message: `The message may be at most ${TEMPLATE_MAX} characters` }).default(DEFAULT_TEST_MESSAGE),
    webhook_url: str('The webhook URL')
      .trim()
      .max(WEBHOOK_URL_MAX, { message: `The webhook URL may be at most ${WEBHOOK_URL_MAX} characters` })
      .refine((value) => value === '' || isMaskedWebhook(value) || isHttpUrl(value), { message: WEBHOOK_URL_MESSAGE })
      .optional(),
  })
  .strict();

export const DeliveriesQuery = z
  .object({ limit: z.coerce.number({ message: 'Limit must be a number' }).int().min(1).max(200).default(50) })
  .strict();

/** GET /api/slack/config (administrators); its version is 0 until first saved. */
export interface SlackConfig extends Stamped {
  id: string;
  /** Masked (see maskWebhookUrl); null until a URL is saved. */
  webhook_url: string | null;
  webhook_url_set: boolean;
  enabled: boolean;
}

/** GET /api/slack/workflows (administrators). */
export interface SlackWorkflows extends Stamped {
  id: string;
  workflow_rules: WorkflowRule[];
}

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One notification of the delivery log: an event of the log, one rule, and how sending it went.
 * `id` names the pair; `version` rises with every change of the row (pushed rows merge by it).
 */
export interface SlackDelivery {
  id: string;
  event_position: number;
  rule_id: string;
  event_type: SlackEventType;
  deal_id: string;
  deal_name: string;
  channel: string;
  text: string;
  status: DeliveryStatus;
  attempts: number;
  status_code: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  version: number;
  updated_at: string;
}

/** The id of the delivery of event `eventPosition` for rule `ruleId`. */
export const deliveryId = (eventPosition: number, ruleId: string) => `${eventPosition}:${ruleId}`;

/** The Slack configuration, the URL masked (the OpenAPI document's schema; checked against the type above). */
export const SlackConfig = z.object({
  id: z.uuid(),
  webhook_url: answerText().nullable(),
  webhook_url_set: z.boolean(),
  enabled: z.boolean(),
  ...stamps,
}) satisfies z.ZodType<SlackConfig>;

export const SlackWorkflows = z.object({
  id: z.uuid(),
  workflow_rules: z.array(WorkflowRule),
  ...stamps,
}) satisfies z.ZodType<SlackWorkflows>;

/** One row of the delivery log (checked against the type above). */
export const SlackDelivery = z.object({
  id: answerText(),
  event_position: z.number().int(),
  rule_id: answerText(),
  event_type: z.enum(SLACK_EVENT_TYPES),
  deal_id: z.uuid(),
  deal_name: answerText(),
  channel: answerText(),
  text: answerText(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  status_code: z.number().int().nullable(),
  error: answerText().nullable(),
  created_at: answerText(),
  last_attempt_at: answerText().nullable(),
  next_attempt_at: answerText().nullable(),
  delivered_at: answerText().nullable(),
  version: z.number().int(),
  updated_at: answerText(),
}) satisfies z.ZodType<SlackDelivery>;

/** POST /api/slack/test: the message went out (a refusal is a 502 naming Slack's answer). */
export const SlackTestAnswer = z.object({ success: z.literal(true) });
