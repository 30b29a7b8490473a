import { readFileSync } from 'node:fs';
import type { LocationEvent } from '../../events/location/events';
import { DEFAULT_HOURS } from '@shared/domain/bookings';
import { defineReadModel } from '../engine/defineReadModel';
import { locationsTouched } from './queries';

export const locationsProjection = defineReadModel<LocationEvent>({
  name: 'locations',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'locations',
  conflicts: { locations_name_unique: { message: 'A location with this name already exists', field: 'name' } },
  evolve: {
    LocationCreated: {
      create: ({ data: d }) => ({
        id: d.id, name: d.name, city: d.city, address: d.address, manager: d.manager, floors: d.floors,
        time_zone: d.time_zone ?? DEFAULT_HOURS.time_zone, opens_at: d.opens_at ?? DEFAULT_HOURS.opens_at, closes_at: d.closes_at ?? DEFAULT_HOURS.closes_at,
      }),
    },
    LocationUpdated: (row, { data }) => ({ ...row, ...data }),
  },
  live: { entity: 'locations', load: locationsTouched },
});
