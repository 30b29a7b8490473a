import { z } from 'zod';
import { MAX_FLOOR_BACKGROUND_BYTES } from '@shared/schemas/floorPlans';

/** Where the box is; `office_number` as it was then, for the history's words. */
const Where = { office_id: z.uuid(), office_number: z.string().min(1).optional(), location_id: z.uuid(), floor: z.number().int() };
const Box = { x: z.number().min(0).max(1), y: z.number().min(0).max(1), width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) };

/** An office's box on one floor's plan (a placement's stream is its office's: one per office). */
export const PlacementEventSchemas = {
  /** Placed, or moved or resized on the plan: the whole box as it now stands. */
  OfficePlaced: z.object({ ...Where, ...Box }).strict(),
  /**
   * Off the plan. `moved_to`: the office had moved to that location since it was placed, so the
   * old placement is cleared (by the system) before it is placed there.
   */
  OfficeUnplaced: z.object({ ...Where, moved_to: z.uuid().optional() }).strict(),
};

/**
 * A floor's background image. The bytes are not in the event: they are stored once per content,
 * keyed by `sha256`, in the same transaction (server/resources/contents.ts), as documents are.
 */
export const FloorBackgroundEventSchemas = {
  FloorBackgroundSet: z
    .object({
      location_id: z.uuid(),
      floor: z.number().int(),
      content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
      size: z.number().int().min(1).max(MAX_FLOOR_BACKGROUND_BYTES),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      width: z.number().int().min(1),
      height: z.number().int().min(1),
    })
    .strict(),
  FloorBackgroundRemoved: z.object({ location_id: z.uuid(), floor: z.number().int() }).strict(),
};

type Ev<S extends Record<string, z.ZodType>, K extends keyof S> = { type: K; data: z.infer<S[K]> };

export type OfficePlaced = Ev<typeof PlacementEventSchemas, 'OfficePlaced'>;
export type OfficeUnplaced = Ev<typeof PlacementEventSchemas, 'OfficeUnplaced'>;
export type PlacementEvent = OfficePlaced | OfficeUnplaced;
export type PlacementBox = Pick<OfficePlaced['data'], 'x' | 'y' | 'width' | 'height'>;

export type FloorBackgroundSet = Ev<typeof FloorBackgroundEventSchemas, 'FloorBackgroundSet'>;
export type FloorBackgroundRemoved = Ev<typeof FloorBackgroundEventSchemas, 'FloorBackgroundRemoved'>;
export type FloorBackgroundEvent = FloorBackgroundSet | FloorBackgroundRemoved;
export type FloorBackgroundImage = Omit<FloorBackgroundSet['data'], 'location_id' | 'floor'>;
