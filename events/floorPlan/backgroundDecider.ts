import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { FLOOR_PLAN_MESSAGES } from '@shared/schemas/floorPlans';
import type { Aggregate, Decider } from '../decider';
import { notFound } from '../store/errors';
import { FloorBackgroundEventSchemas, type FloorBackgroundEvent, type FloorBackgroundImage } from './events';
import type { Plan } from './placementDecider';

export type FloorBackgroundCommand =
  | { type: 'SetFloorBackground'; plan: Plan; image: FloorBackgroundImage }
  | { type: 'RemoveFloorBackground'; plan: Plan };

/** The floor and its image (`image` null: none now; the floor's location stays, so a removal is no move). */
export type FloorBackgroundState = { location_id: string; floor: number; image: FloorBackgroundImage | null } | null;

export const floorBackgroundDecider: Decider<FloorBackgroundCommand, FloorBackgroundState, FloorBackgroundEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'SetFloorBackground':
        // The same image again changes nothing.
        if (state?.image && state.image.sha256 === command.image.sha256) return [];
        return [{ type: 'FloorBackgroundSet', data: { ...command.plan, ...command.image } }];

      case 'RemoveFloorBackground':
        if (!state?.image) throw notFound(FLOOR_PLAN_MESSAGES.noBackground);
        return [{ type: 'FloorBackgroundRemoved', data: { ...command.plan } }];
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'FloorBackgroundSet': {
        const { location_id, floor, ...image } = event.data;
        return { location_id, floor, image };
      }
      case 'FloorBackgroundRemoved':
        return { ...event.data, image: null };
    }
  },
};

/**
 * A floor's background is one stream per floor (`floor_background-<floor id>`, floorId.ts): the
 * image of a floor changes as a whole, and its scope is the floor's location, which never changes.
 */
export const floorBackgroundAggregate: Aggregate<FloorBackgroundCommand, FloorBackgroundState, FloorBackgroundEvent> = {
  streamType: 'floor_background',
  streamId: (id) => `floor_background-${id}`,
  decider: floorBackgroundDecider,
  eventSchemas: FloorBackgroundEventSchemas,
  scope: eventScope(VISIBILITY.floor_backgrounds),
};
