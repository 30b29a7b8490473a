import { readFileSync } from 'node:fs';
import type { LocationEvent } from '../../events/location/events';
import { defineProjection, entityId, foldOwn, own } from '../projection';
import { locationsTouched } from './queries';

export const locationsProjection = defineProjection<LocationEvent>({
  name: 'locations',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['locations'],
  conflicts: { locations_name_unique: { message: 'A location with this name already exists', field: 'name' } },
  on: {
    LocationCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO locations (id, name, city, address, manager, floors, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.city}, ${d.address}, ${d.manager}, ${d.floors}, ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('locations').insert({
          id: d.id, name: d.name, city: d.city, address: d.address, manager: d.manager, floors: d.floors,
          version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    LocationUpdated: {
      apply(db, event) {
        return db`
          UPDATE locations SET ${db(event.data)}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'locations', event, event.data),
      changed: own,
    },
  },
  live: { entity: 'locations', load: locationsTouched },
});
