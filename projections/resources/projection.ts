import { readFileSync } from 'node:fs';
import type { ResourceEvent } from '../../events/resource/events';
import { defineReadModel } from '../engine/defineReadModel';
import { resourcesTouched } from './queries';

/** The library's documents (their metadata; the bytes are kept by content hash). */
export const resourcesProjection = defineReadModel<ResourceEvent>({
  name: 'resources',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'resources',
  // A document shows its uploader's name.
  joins: [{ column: 'uploaded_by', model: 'users', shows: ['name'] }],
  evolve: {
    ResourceUploaded: {
      create: ({ data: d, metadata: { user_id } }) => ({
        id: d.id, name: d.name, description: d.description, category: d.category, type: d.type, file_name: d.file_name,
        content_type: d.content_type, size: d.size, sha256: d.sha256, uploaded_by: user_id,
      }),
    },
    ResourceDeleted: () => null,
  },
  live: { entity: 'resources', load: resourcesTouched },
});
