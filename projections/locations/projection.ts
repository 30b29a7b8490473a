import { readFileSync } from 'node:fs';
import type { LocationEvent } from '../../events/location/events';
import { entityId, type Projection } from '../projection';
import { locationsByIds } from './queries';

export const locationsProjection: Projection = {
  name: 'locations',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['locations'],
  conflicts: { locations_name_unique: 'A location with this name already exists' },

  apply(db, stored) {
    const event = stored as unknown as LocationEvent;
    const at = stored.metadata.at;
    switch (event.type) {
      case 'LocationCreated': {
        const d = event.data;
        return db`
          INSERT INTO locations (id, name, city, address, manager, floors, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.city}, ${d.address}, ${d.manager}, ${d.floors}, ${stored.version}, ${at}, ${at})`;
      }
      case 'LocationUpdated':
        return db`
          UPDATE locations SET ${db(event.data)}, version = ${stored.version}, updated_at = ${at}
          WHERE id = ${entityId(stored.stream_id)}`;
      default:
        return null;
    }
  },

  live: {
    entity: 'locations',
    streamTypes: ['location'],
    ids: (event) => [entityId(event.stream_id)],
    load: locationsByIds,
  },
};
