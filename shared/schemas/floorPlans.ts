import { z } from 'zod';
import { ExpectedVersion, Id, LocationFilterQuery } from './common';
import { OFFICE_STATUSES } from './offices';
import { AsOfDate } from './reports';
import { answerText, str } from './strings';
import { stamps } from './rows';

/** The largest background image a floor plan takes: 10 MiB. */
export const MAX_FLOOR_BACKGROUND_BYTES = 10 * 1024 * 1024;
export const FLOOR_BACKGROUND_KINDS_TEXT = 'PNG, JPEG or WebP';
/** What the file picker offers; the server decides from the bytes, whatever the name says. */
export const FLOOR_BACKGROUND_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

export const FLOOR_PLAN_MESSAGES = {
  noFile: 'Choose an image to upload',
  empty: 'The file is empty',
  tooLarge: `The image is larger than ${MAX_FLOOR_BACKGROUND_BYTES / 1024 / 1024} MB`,
  refused: `This kind of file is not accepted: upload a ${FLOOR_BACKGROUND_KINDS_TEXT} image`,
  unreadable: 'The image could not be read: its size is missing or damaged',
  notMultipart: 'Send the image as multipart/form-data with the field file',
  busy: 'The server is receiving other uploads right now. Try again in a moment.',
  officeNotFound: 'Office not found',
  otherLocation: 'The office is at another location',
  otherFloor: (floor: number) => `The office is on floor ${floor}, not this floor`,
  notPlaced: 'The office is not on this floor plan',
  noBackground: 'This floor plan has no background',
  outsideX: 'The office must fit across the plan: x + width must be at most 1',
  outsideY: 'The office must fit down the plan: y + height must be at most 1',
  locationNotFound: 'Location not found',
} as const;

const FLOOR_MESSAGE = 'Floor must be a whole number from -5 to 200';
/**
 * A floor number in a path or a query, as locations hold them (shared/schemas/locations.ts
 * Floors): digits only, so an empty or blank value is refused rather than read as floor 0.
 */
export const FloorNumber = str('Floor', FLOOR_MESSAGE)
  .regex(/^-?\d{1,3}$/, { message: FLOOR_MESSAGE })
  .transform(Number)
  .pipe(z.number().int().min(-5, { message: FLOOR_MESSAGE }).max(200, { message: FLOOR_MESSAGE }));

const fraction = (label: string) =>
  z
    .number({ message: `${label} must be a number from 0 to 1` })
    .min(0, { message: `${label} must be from 0 to 1` })
    .max(1, { message: `${label} must be from 0 to 1` });
const extent = (label: string) => fraction(label).refine((v) => v > 0, { message: `${label} must be more than 0` });

/**
 * PUT /api/floor-plans/{location_id}/{floor}/placements/{office_id}: where the office's box sits,
 * in fractions of the plan (0..1), so any background size fits. Boxes may overlap.
 */
export const PlacementInput = z
  .object({ x: fraction('x'), y: fraction('y'), width: extent('width'), height: extent('height'), version: ExpectedVersion })
  .strict()
  // A tiny allowance: fractions computed in a browser (0.7 + 0.3) are not always exactly 1.
  .refine((p) => p.x + p.width <= 1 + 1e-9, { message: FLOOR_PLAN_MESSAGES.outsideX, path: ['width'] })
  .refine((p) => p.y + p.height <= 1 + 1e-9, { message: FLOOR_PLAN_MESSAGES.outsideY, path: ['height'] });
export type PlacementInput = z.infer<typeof PlacementInput>;

/** The path of one floor's plan. */
export const FloorParams = z.object({ location_id: Id, floor: FloorNumber }).strict();
export const PlacementParams = z.object({ location_id: Id, floor: FloorNumber, office_id: Id }).strict();

/** GET /api/floor-plans?location=&floor=&as_of=: `location` a location's id or name. */
export const FloorPlanQuery = z
  .object({
    location: LocationFilterQuery.shape.location.unwrap().min(1, { message: 'Location is required' }),
    floor: FloorNumber,
    as_of: AsOfDate.optional(),
  })
  .strict();
export type FloorPlanQuery = z.infer<typeof FloorPlanQuery>;

/** GET /api/floor-plans/floors?location=: the floors a plan can be drawn for. */
export const FloorListQuery = z
  .object({ location: LocationFilterQuery.shape.location.unwrap().min(1, { message: 'Location is required' }) })
  .strict();

/** GET /api/floor-plans/placements?location=&floor=: every box the caller may see, optionally of one location (id or name) and floor. */
export const PlacementListQuery = z
  .object({ location: LocationFilterQuery.shape.location, floor: FloorNumber.optional() })
  .strict();
export type PlacementListQuery = z.infer<typeof PlacementListQuery>;

/** GET /api/floor-plans/backgrounds?location=: every floor background the caller may see. */
export const BackgroundListQuery = LocationFilterQuery;

/** POST /api/floor-plans/{location_id}/{floor}/auto-layout: how many boxes a row holds (default: fit by count). */
export const AutoLayoutInput = z
  .object({
    per_row: z
      .number({ message: 'Offices per row must be a whole number from 1 to 20' })
      .int({ message: 'Offices per row must be a whole number from 1 to 20' })
      .min(1, { message: 'Offices per row must be a whole number from 1 to 20' })
      .max(20, { message: 'Offices per row must be a whole number from 1 to 20' })
      .optional(),
  })
  .strict();
export type AutoLayoutInput = z.infer<typeof AutoLayoutInput>;

/** The multipart fields of a background upload: only the file. */
export const BackgroundUploadFields = z.object({}).strict();

/**
 * One office on a floor plan, live entity `floor_placements`: its box, and what the plan colours
 * it by, read from the office as it stands (a status change re-sends it). `id` is the placement's
 * own (one per office, never the office's id; its history: /api/events?entity_id=<id>). A box
 * taken off its plan, or whose office moved floor or location, reaches sockets as a removal.
 */
export const FloorPlacement = z.object({
  id: z.uuid(),
  office_id: z.uuid(),
  location_id: z.uuid(),
  floor: z.number().int(),
  office_number: answerText(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  status: z.enum(OFFICE_STATUSES),
  /** The member company holding the office (its name as it stands). */
  member_name: answerText().nullable(),
  /** The lease's end date (YYYY-MM-DD), when there is one. */
  lease_end: answerText().nullable(),
  desks: z.number().int(),
  ...stamps,
});
export type FloorPlacement = z.infer<typeof FloorPlacement>;

/**
 * A floor's background image, live entity `floor_backgrounds` (id: the floor's own id): served at
 * `url`, with its size in pixels read from the image.
 */
export const FloorBackgroundRow = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  floor: z.number().int(),
  url: answerText(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: answerText(),
  size: z.number().int(),
  ...stamps,
});
export type FloorBackgroundRow = z.infer<typeof FloorBackgroundRow>;

export const FloorBackground = z.object({ url: answerText(), width: z.number().int(), height: z.number().int() });

/** An office of the floor not yet on its plan. */
export const UnplacedOffice = z.object({ office_id: z.uuid(), office_number: answerText(), status: z.enum(OFFICE_STATUSES) });

/** GET /api/floor-plans: one floor's plan. With as_of, statuses and members are those of that day. */
export const FloorPlan = z.object({
  location_id: z.uuid(),
  location_name: answerText(),
  floor: z.number().int(),
  /** The day the statuses are of (YYYY-MM-DD), null: as they stand now. */
  as_of: answerText().nullable(),
  background: FloorBackground.nullable(),
  placements: z.array(FloorPlacement),
  unplaced: z.array(UnplacedOffice),
});
export type FloorPlan = z.infer<typeof FloorPlan>;

/** One floor of a location, for the floor picker. */
export const FloorSummary = z.object({
  floor: z.number().int(),
  offices: z.number().int(),
  placed: z.number().int(),
  has_background: z.boolean(),
});
/**
 * GET /api/floor-plans/floors?location=: the floors of a location, lowest first: those the
 * location lists and those its offices are on.
 */
export const FloorList = z.object({ location_id: z.uuid(), location_name: answerText(), floors: z.array(FloorSummary) });
export type FloorList = z.infer<typeof FloorList>;

/** PUT .../background answers the background as the plan shows it. */
export const FloorBackgroundAnswer = FloorBackground;

/** POST .../auto-layout answers the placements it made. */
export const AutoLayoutAnswer = z.object({ placed: z.array(FloorPlacement) });

/** The served background's query: its version, so a browser may keep it for good. */
export const BackgroundFileQuery = z.object({ v: str('Version').max(20).optional() }).strict();
