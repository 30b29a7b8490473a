import { readFileSync } from 'node:fs';
import type { TemplateEvent } from '../../events/template/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables, Row } from '../memoryTables';
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

/** withVersion() on the rows a rebuild holds in memory: `row` as the change left it, if any. */
function foldVersion(tables: MemoryTables, row: Row | undefined, at: string, by: string) {
  if (!row) return;
  const { id, name, category, description, content, version } = row;
  tables.table('template_versions').insert({ template_id: id, version, name, category, description, content, at, by_user: by });
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
      fold(tables, { data: d, version, metadata: { at, user_id } }) {
        const row = { id: d.id, name: d.name, category: d.category, description: d.description, content: d.content, version, created_at: at, updated_at: at };
        tables.table('templates').insert(row);
        foldVersion(tables, row, at, user_id);
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
      fold(tables, event) {
        const { at, user_id } = event.metadata;
        const id = entityId(event.stream_id);
        tables.table('templates').update(id, { ...event.data, version: event.version, updated_at: at });
        foldVersion(tables, tables.table('templates').get(id), at, user_id);
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
      fold(tables, event) {
        const id = entityId(event.stream_id);
        const versions = tables.table('template_versions');
        for (const row of versions.where('template_id', id)) versions.remove(row);
        tables.table('templates').delete(id);
      },
      changed: own,
    },
  },
  live: { entity: 'templates', load: templatesTouched },
});
