import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { FLOOR_PLAN_MESSAGES } from '@shared/schemas/floorPlans';
import type { Aggregate, Decider } from '../decider';
import { invalid, notFound } from '../store/errors';
import { PlacementEventSchemas, type OfficePlaced, type PlacementBox, type PlacementEvent } from './events';

/** One floor's plan: where a command is aimed. */
export interface Plan {
  location_id: string;
  floor: number;
}

/** The office as it stands when the command runs (read by the route from the offices read model). */
export interface PlacedOffice {
  id: string;
  office_number: string;
  location_id: string;
  floor: number;
}

export type PlacementCommand =
  /**
   * `shown`: whether the plan shows the box now. An office moved to another floor leaves its plan
   * without its placement's stream knowing (the read model drops the row), so the same box placed
   * again is still a placement.
   */
  | { type: 'PlaceOffice'; plan: Plan; office: PlacedOffice; box: PlacementBox; shown: boolean }
  | { type: 'UnplaceOffice'; plan: Plan }
  /**
   * Run by the system before a placement: a placement left at the location the office was moved
   * away from is cleared, so the new location's managers place it without needing the old one.
   */
  | { type: 'ClearMovedPlacement'; office: PlacedOffice };

/**
 * The office's box and the plan it is on (`box` null: on none now). Off the plan, the state keeps
 * its location: the placement's events stay visible there, and taking a box off is no move.
 */
export type PlacementState = (Pick<OfficePlaced['data'], 'office_id' | 'office_number' | 'location_id' | 'floor'> & { box: PlacementBox | null }) | null;

/** The office a state's box is of, as its events name it. */
const where = (state: NonNullable<PlacementState>) => ({ office_id: state.office_id, ...(state.office_number && { office_number: state.office_number }) });

const samePlan = (state: NonNullable<PlacementState>, plan: Plan) => state.location_id === plan.location_id && state.floor === plan.floor;
const sameBox = (a: PlacementBox, b: PlacementBox) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

export const placementDecider: Decider<PlacementCommand, PlacementState, PlacementEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'PlaceOffice': {
        const { plan, office, box } = command;
        if (office.location_id !== plan.location_id) throw invalid(FLOOR_PLAN_MESSAGES.otherLocation);
        if (office.floor !== plan.floor) throw invalid(FLOOR_PLAN_MESSAGES.otherFloor(office.floor));
        if (command.shown && state?.box && samePlan(state, plan) && sameBox(state.box, box)) return [];
        return [{ type: 'OfficePlaced', data: { office_id: office.id, office_number: office.office_number, location_id: plan.location_id, floor: plan.floor, ...box } }];
      }

      case 'UnplaceOffice':
        if (!state?.box || !samePlan(state, command.plan)) throw notFound(FLOOR_PLAN_MESSAGES.notPlaced);
        return [{ type: 'OfficeUnplaced', data: { ...where(state), location_id: state.location_id, floor: state.floor } }];

      case 'ClearMovedPlacement':
        if (!state || state.location_id === command.office.location_id) return [];
        return [
          {
            type: 'OfficeUnplaced',
            data: { ...where(state), location_id: state.location_id, floor: state.floor, moved_to: command.office.location_id },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OfficePlaced': {
        const { office_id, office_number, location_id, floor, x, y, width, height } = event.data;
        return { office_id, office_number, location_id, floor, box: { x, y, width, height } };
      }
      case 'OfficeUnplaced': {
        const { office_id, office_number, location_id, floor, moved_to } = event.data;
        return { office_id, office_number, location_id: moved_to ?? location_id, floor, box: null };
      }
    }
  },
};

/**
 * A placement is its own stream, one per office (`placement-<placement id>`, floorId.ts
 * placementId), apart from the office's: its version is the box's alone, so two managers moving
 * the same box meet a 409 naming who moved it, while a status change of the office or a move of
 * another box on the floor never makes a drag stale (a stream per floor would). The
 * floor_placements read model takes the box off its plan when the office itself moves to another
 * floor or location.
 */
export const placementAggregate: Aggregate<PlacementCommand, PlacementState, PlacementEvent> = {
  streamType: 'placement',
  streamId: (id) => `placement-${id}`,
  decider: placementDecider,
  eventSchemas: PlacementEventSchemas,
  scope: eventScope(VISIBILITY.floor_placements),
};
