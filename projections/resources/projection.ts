import { readFileSync } from 'node:fs';
import type { ResourceEvent } from '../../events/resource/events';
import { defineProjection, entityId, own } from '../projection';
import { resourcesTouched } from './queries';

/** The library's documents (their metadata; the bytes are kept by content hash). */
export const resourcesProjection = defineProjection<ResourceEvent>({
  name: 'resources',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['resources'],
  on: {
    ResourceUploaded: {
      apply(db, { data: d, version, metadata: { at, user_id } }) {
        return db`
          INSERT INTO resources (id, name, description, category, type, file_name, content_type, size, sha256, uploaded_by, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.description}, ${d.category}, ${d.type}, ${d.file_name}, ${d.content_type}, ${d.size}, ${d.sha256}, ${user_id}, ${version}, ${at}, ${at})`;
      },
      changed: own,
    },
    ResourceDeleted: {
      apply: (db, event) => db`DELETE FROM resources WHERE id = ${entityId(event.stream_id)}`,
      changed: own,
    },
  },
  live: { entity: 'resources', load: resourcesTouched },
});
