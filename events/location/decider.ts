import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { conflict, notFound } from '../store/errors';
import { changedFields, type Aggregate, type Decider } from '../decider';
import { LocationEventSchemas, type LocationEvent, type LocationCreated } from './events';

export type LocationDetails = Omit<LocationCreated['data'], 'id'>;

export type LocationCommand =
  | { type: 'CreateLocation'; id: string; details: LocationDetails }
  | { type: 'UpdateLocation'; changes: Partial<LocationDetails> };

export type LocationState = ({ id: string } & LocationDetails) | null;

export const locationDecider: Decider<LocationCommand, LocationState, LocationEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateLocation':
        if (state) throw conflict('Location already exists');
        return [{ type: 'LocationCreated', data: { id: command.id, ...command.details } }];
      case 'UpdateLocation': {
        if (!state) throw notFound('Location not found');
        const changes = changedFields<LocationDetails>(command.changes, state);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'LocationUpdated', data: changes }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LocationCreated':
        return { ...event.data };
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
