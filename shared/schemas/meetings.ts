import { z } from 'zod';
import { ALL_LOCATIONS } from '../constants';
import { DEAL_STAGES } from '../domain/deals';
import { Id } from './common';
import { str } from './strings';

/**
 * What a socket may send about a meeting on the deal board (shared/realtime.ts). Anything that
 * does not parse is ignored by the server: a browser never sends it.
 */

/** Longest search text a presenter's view carries (the board's own search box has no use for more). */
export const MAX_MEETING_SEARCH = 200;

export const MEETING_BOARD_VIEWS = ['pipeline', 'list', 'statistics'] as const;

/** What the presenter's board shows: its location, filters and view, the deal open, the card in view. */
export const MeetingViewInput = z
  .object({
    location: z.union([z.literal(ALL_LOCATIONS), Id]),
    stage: z.union([z.literal('all'), z.enum(DEAL_STAGES)]),
    search: str('Search').max(MAX_MEETING_SEARCH),
    view: z.enum(MEETING_BOARD_VIEWS),
    deal_id: Id.nullable(),
    card_id: Id.nullable(),
  })
  .strict();

/**
 * A pointer placed on the board, not on a screen: over a card (its id) of a column, or over the
 * column itself, at a fraction of that element's width and height, so screens of any size agree.
 */
export const MeetingPointerInput = z
  .object({
    stage: z.enum(DEAL_STAGES),
    card_id: Id.nullable(),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
  })
  .strict();

const meetingId = z.object({ meeting_id: Id }).strict();

export const MeetingStartInput = z.object({ view: MeetingViewInput, meeting_id: Id.optional() }).strict();
export const MeetingViewUpdateInput = z.object({ meeting_id: Id, view: MeetingViewInput }).strict();
export const MeetingIdInput = meetingId;
export const MeetingPointerUpdateInput = z.object({ meeting_id: Id, pointer: MeetingPointerInput.nullable() }).strict();
