import { describe, expect, it } from 'vitest';
import { HOURS_ORDER, locationDecider, type LocationDetails } from '../../events/location/decider';
import type { LocationEvent } from '../../events/location/events';
import { createsOnce, specFor } from '../support/givenWhenThen';

const given = specFor(locationDecider);
const id = '7f3e1c2a-1b2c-4d5e-8f90-123456789abc';
const details: LocationDetails = {
  name: 'Greenpoint',
  city: 'New York',
  address: '1100 Manhattan Avenue, Brooklyn, NY 11222',
  manager: 'Liam O’Connor',
  floors: [1, 2, 3],
};
const created: LocationEvent = { type: 'LocationCreated', data: { id, ...details } };

describe('location decider', () => {
  createsOnce(given, 'a location', { type: 'CreateLocation', id, details }, created, 'Location already exists');

  it('records only the fields that change', () => {
    given([created])
      .when({ type: 'UpdateLocation', changes: { manager: 'Aisha Patel', floors: [1, 2, 3], city: undefined } })
      .then([{ type: 'LocationUpdated', data: { manager: 'Aisha Patel' } }]);
  });

  it('records nothing for an edit that changes nothing', () => {
    given([created]).when({ type: 'UpdateLocation', changes: { name: 'Greenpoint', floors: [1, 2, 3] } }).then([]);
  });

  it('folds earlier edits before deciding', () => {
    given([created, { type: 'LocationUpdated', data: { floors: [4] } }])
      .when({ type: 'UpdateLocation', changes: { floors: [4] } })
      .then([]);
  });

  it('refuses to update an unknown location', () => {
    given([]).when({ type: 'UpdateLocation', changes: { name: 'X' } }).thenRefuses(404, 'Location not found');
  });

  it('evolves state from events', () => {
    const state = [created, { type: 'LocationUpdated', data: { name: 'Greenpoint North' } } as LocationEvent].reduce(
      locationDecider.evolve,
      locationDecider.initialState,
    );
    // A location created before zones and hours existed reads as New York time, open 07:00-22:00.
    expect(state).toEqual({ id, ...details, name: 'Greenpoint North', time_zone: 'America/New_York', opens_at: '07:00', closes_at: '22:00' });
  });

  it('sets the zone and opening hours, refusing hours that close before they open', () => {
    given([created]).when({ type: 'UpdateLocation', changes: { time_zone: 'America/Chicago', closes_at: '21:00' } })
      .then([{ type: 'LocationUpdated', data: { time_zone: 'America/Chicago', closes_at: '21:00' } }]);
    given([created]).when({ type: 'UpdateLocation', changes: { opens_at: '22:00' } }).thenRefuses(400, HOURS_ORDER);
  });
});
