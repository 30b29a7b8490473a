import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { DEFAULT_HOURS, minutesOf } from '@shared/domain/bookings';
import { DomainError, conflict, notFound } from '../store/errors';
import { changedFields, type Aggregate, type Decider } from '../decider';
import { LocationEventSchemas, type LocationEvent, type LocationCreated } from './events';

export type LocationDetails = Omit<LocationCreated['data'], 'id'>;

export type LocationCommand =
  | { type: 'CreateLocation'; id: string; details: LocationDetails }
  | { type: 'UpdateLocation'; changes: Partial<LocationDetails> };

export type LocationState = ({ id: string } & LocationDetails) | null;

export const HOURS_ORDER = 'Opening time must be before closing time';

/** A location opens before it closes, on one day. */
function assertHours(details: Partial<LocationDetails>) {
  if (details.opens_at === undefined || details.closes_at === undefined) return;
  if (minutesOf(details.opens_at) >= minutesOf(details.closes_at)) throw new DomainError(400, HOURS_ORDER, 'closes_at');
}

export const locationDecider: Decider<LocationCommand, LocationState, LocationEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateLocation':
        if (state) throw conflict('Location already exists');
        assertHours(command.details);
        return [{ type: 'LocationCreated', data: { id: command.id, ...command.details } }];
      case 'UpdateLocation': {
        if (!state) throw notFound('Location not found');
        const changes = changedFields<LocationDetails>(command.changes, state);
        assertHours({ ...state, ...changes });
        return Object.keys(changes).length === 0 ? [] : [{ type: 'LocationUpdated', data: changes }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LocationCreated':
        // Locations created before zones and hours existed keep the defaults.
        return { ...DEFAULT_HOURS, ...event.data };
      case 'LocationUpdated':
        return state ? { ...state, ...event.data } : state;
    }
  },
};

export const locationAggregate: Aggregate<LocationCommand, LocationState, LocationEvent> = {
  streamType: 'location',
  streamId: (id) => `location-${id}`,
  decider: locationDecider,
  eventSchemas: LocationEventSchemas,
  scope: eventScope(VISIBILITY.locations),
};
