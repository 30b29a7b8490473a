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
      fold(tables, { data: d, version, metadata: { at, user_id } }) {
        tables.table('resources').insert({
          id: d.id, name: d.name, description: d.description, category: d.category, type: d.type, file_name: d.file_name,
          content_type: d.content_type, size: d.size, sha256: d.sha256, uploaded_by: user_id, version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    ResourceDeleted: {
      apply: (db, event) => db`DELETE FROM resources WHERE id = ${entityId(event.stream_id)}`,
      fold: (tables, event) => tables.table('resources').delete(entityId(event.stream_id)),
      changed: own,
    },
  },
  live: { entity: 'resources', load: resourcesTouched },
});
