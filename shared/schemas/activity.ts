import { z } from 'zod';
import { answerText } from './strings';
import type { ActivityEntry } from '../activity';
import { Id } from './common';

/**
 * The kinds of rows whose histories the log keeps: every kind of stream (documents are
 * `resource`; `settings` and `slack_*` are the administrators', `gmail` its user's alone).
 */
export const ACTIVITY_STREAMS = [
  'office',
  'member',
  'deal',
  'contact',
  'company',
  'location',
  'user',
  'template',
  'task',
  'resource',
  'settings',
  'gmail',
  'slack_config',
  'slack_workflows',
  /** An office's box on its floor plan (entity_id: the floor_placements row's id). */
  'placement',
  /** A floor's background image (entity_id: the floor's id, the floor_backgrounds row's). */
  'floor_background',
] as const;

/** GET /api/events?entity_id=&stream=&limit=&before= */
export const ActivityQuery = z
  .object({
    entity_id: Id.optional(),
    stream: z.enum(ACTIVITY_STREAMS, { message: `Stream must be one of ${ACTIVITY_STREAMS.join(', ')}` }).optional(),
    limit: z.coerce.number({ message: 'Limit must be a number' }).int({ message: 'Limit must be a whole number' }).min(1, { message: 'Limit must be at least 1' }).max(200, { message: 'Limit must be at most 200' }).default(50),
    before: z.coerce.number({ message: 'Before must be a log position' }).int({ message: 'Before must be a log position' }).min(1, { message: 'Before must be a log position' }).optional(),
  })
  .strict();
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** The OpenAPI document's schema of one entry of GET /api/events (checked against its type). */
export const ActivityEntrySchema = z.object({
  position: z.number().int(),
  type: answerText(),
  at: answerText(),
  user_name: answerText(),
  entity: answerText(),
  entity_id: answerText(),
  summary: answerText(),
  changes: z.array(z.object({ field: answerText(), from: z.unknown(), to: z.unknown() })),
}) satisfies z.ZodType<ActivityEntry>;
