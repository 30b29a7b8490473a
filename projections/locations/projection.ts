import { readFileSync } from 'node:fs';
import type { LocationEvent } from '../../events/location/events';
import { defineReadModel } from '../engine/defineReadModel';
import { locationsTouched } from './queries';

export const locationsProjection = defineReadModel<LocationEvent>({
  name: 'locations',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'locations',
  conflicts: { locations_name_unique: { message: 'A location with this name already exists', field: 'name' } },
  evolve: {
    LocationCreated: {
      create: ({ data: d }) => ({ id: d.id, name: d.name, city: d.city, address: d.address, manager: d.manager, floors: d.floors }),
    },
    LocationUpdated: (row, { data }) => ({ ...row, ...data }),
  },
  live: { entity: 'locations', load: locationsTouched },
});
