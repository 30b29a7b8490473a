import { z } from 'zod';
import { DEAL_STAGES } from '../domain/deals';
import { LocationFilterQuery } from './common';
import { answerText, str } from './strings';

/** How far ahead of the server's clock an instant may be and still count as now (clients' clocks drift). */
export const CLOCK_SKEW_MS = 5_000;

export const AS_OF_FORMAT = 'As of must be an ISO 8601 instant, such as 2026-03-01T09:30:00Z';
export const AS_OF_FUTURE = 'As of cannot be in the future';
/** An instant before the first event of the log: nothing stood then. */
export const beforeTheLog = (label: string, first: string) => `${label} must be on or after ${first}, when the log begins`;

/** An ISO 8601 instant with its offset (Z or ±hh:mm), not in the future. */
const instant = (label: string) =>
  str(label, `${label} must be an ISO 8601 instant, such as 2026-03-01T09:30:00Z`)
    .pipe(z.iso.datetime({ offset: true, message: `${label} must be an ISO 8601 instant, such as 2026-03-01T09:30:00Z` }))
    .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, { message: `${label} cannot be in the future` });

/** `as_of` of GET /api/deals and /api/deals/stats: the board as it stood at that instant. */
export const AsOfInstant = instant('As of').describe('An ISO 8601 instant with its offset: the deals (or figures) as they stood then, from the deal history. In the future or before the log begins: 400.');

export const DEAL_CHANGE_KINDS = ['created', 'moved', 'edited', 'signed', 'lost', 'reopened'] as const;
export type DealChangeKind = (typeof DEAL_CHANGE_KINDS)[number];

const limit = z.coerce
  .number({ message: 'Limit must be a number' })
  .int({ message: 'Limit must be a whole number' })
  .min(1, { message: 'Limit must be at least 1' })
  .max(500, { message: 'Limit must be at most 500' })
  .default(100);
const before = z.coerce
  .number({ message: 'Before must be a log position' })
  .int({ message: 'Before must be a log position' })
  .min(1, { message: 'Before must be a log position' })
  .max(Number.MAX_SAFE_INTEGER, { message: 'Before must be a log position' })
  .optional();

/** What happened between `since` and `until` (default now), at one location or every one the caller sees. */
const ChangesWindow = {
  since: instant('Since').describe('ISO 8601 instant: changes from then on (one before the log begins means the whole log).'),
  until: instant('Until').optional().describe('ISO 8601 instant: changes up to then (default now); on or after since.'),
  location: LocationFilterQuery.shape.location,
};

const windowOrder = (query: { since: string; until?: string }) => query.until === undefined || Date.parse(query.until) >= Date.parse(query.since);
const WINDOW_ORDER = { message: 'Until must be on or after since', path: ['until'] };

/** GET /api/deals/changes?since=&until=&location=&limit=&before=&summary=&format= */
export const DealChangesQuery = z
  .object({
    ...ChangesWindow,
    limit: limit.describe('Changes per page, newest first (1-500, default 100).'),
    before: before.describe("Paging: only changes whose log position is below this (the last answered change's position)."),
    summary: z.enum(['0', '1', 'true', 'false'], { message: 'Summary must be 1 or 0' }).optional().describe('1: the window\'s figures {moved, created, signed, lost, value_added, by_user} instead of the list.'),
    format: z.enum(['json', 'pdf'], { message: 'Format must be json or pdf' }).default('json').describe('pdf: the summary and the changes (up to limit) as a PDF download.'),
  })
  .strict()
  .refine(windowOrder, WINDOW_ORDER);
export type DealChangesQuery = z.infer<typeof DealChangesQuery>;

/** POST /api/deals/changes/slack {since, until?, location?}: the summary posted to Slack. */
export const DealChangesSlackInput = z.object(ChangesWindow).strict().refine(windowOrder, WINDOW_ORDER);
export type DealChangesSlackInput = z.infer<typeof DealChangesSlackInput>;

export interface DealFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface DealChange {
  /** The event's position in the log: `before` pages by it. */
  position: number;
  at: string;
  user_name: string;
  deal_id: string;
  deal_name: string;
  kind: DealChangeKind;
  from_stage: (typeof DEAL_STAGES)[number] | null;
  to_stage: (typeof DEAL_STAGES)[number];
  changes: DealFieldChange[];
}

export interface DealChangesSummary {
  since: string;
  until: string;
  moved: number;
  created: number;
  signed: number;
  lost: number;
  /** The pipeline's value added: new deals' values plus the rises (less the falls) of edited ones. */
  value_added: number;
  by_user: { user_name: string; changes: number }[];
}

export const DealChange = z.object({
  position: z.number().int(),
  at: answerText(),
  user_name: answerText(),
  deal_id: z.uuid(),
  deal_name: answerText(),
  kind: z.enum(DEAL_CHANGE_KINDS),
  from_stage: z.enum(DEAL_STAGES).nullable(),
  to_stage: z.enum(DEAL_STAGES),
  changes: z.array(z.object({ field: answerText(), from: z.unknown(), to: z.unknown() })),
}) satisfies z.ZodType<DealChange>;

export const DealChangesSummary = z.object({
  since: answerText(),
  until: answerText(),
  moved: z.number().int(),
  created: z.number().int(),
  signed: z.number().int(),
  lost: z.number().int(),
  value_added: z.number(),
  by_user: z.array(z.object({ user_name: answerText(), changes: z.number().int() })),
}) satisfies z.ZodType<DealChangesSummary>;

/** The answer of POST /api/deals/changes/slack: the text queued for Slack's outbox. */
export const DealChangesSlackAnswer = z.object({ queued: z.boolean(), text: answerText() });
export type DealChangesSlackAnswer = z.infer<typeof DealChangesSlackAnswer>;
