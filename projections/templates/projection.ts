import { readFileSync } from 'node:fs';
import type { TemplateEvent } from '../../events/template/events';
import type { Db } from '../../events/store/types';
import { defineProjection, entityId, own, type Statement } from '../projection';
import { templatesTouched } from './queries';

/**
 * A change to a template row (`change`: an INSERT or UPDATE of templates) and the version it
 * makes, recorded as the change leaves the row: one statement, as a rebuild pipelines one per
 * event.
 */
function withVersion(db: Db, change: Statement, at: string, by: string) {
  return db`
    WITH changed AS (${change} RETURNING id, name, category, description, content, version)
    INSERT INTO template_versions (template_id, version, name, category, description, content, at, by_user)
    SELECT id, version, name, category, description, content, ${at}, ${by} FROM changed`;
}

/** Templates and every version of each (the history). */
export const templatesProjection = defineProjection<TemplateEvent>({
  name: 'templates',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['templates', 'template_versions'],
  on: {
    TemplateCreated: {
      apply(db, { data: d, version, metadata: { at, user_id } }) {
        const insert = db`
          INSERT INTO templates (id, name, category, description, content, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.category}, ${d.description}, ${d.content}, ${version}, ${at}, ${at})`;
        return withVersion(db, insert, at, user_id);
      },
      changed: own,
    },
    TemplateEdited: {
      apply(db, event) {
        const { at, user_id } = event.metadata;
        const update = db`
          UPDATE templates SET ${db(event.data)}, version = ${event.version}, updated_at = ${at}
          WHERE id = ${entityId(event.stream_id)}`;
        return withVersion(db, update, at, user_id);
      },
      changed: own,
    },
    // Gone for everyone, history included: a deleted template answers 404 on every route.
    TemplateDeleted: {
      apply(db, event) {
        const id = entityId(event.stream_id);
        return db`
          WITH versions AS (DELETE FROM template_versions WHERE template_id = ${id})
          DELETE FROM templates WHERE id = ${id}`;
      },
      changed: own,
    },
  },
  live: { entity: 'templates', load: templatesTouched },
});
