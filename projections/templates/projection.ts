import { readFileSync } from 'node:fs';
import type { TemplateCreated, TemplateDeleted, TemplateEdited, TemplateEvent } from '../../events/template/events';
import { defineReadModel } from '../engine/defineReadModel';
import type { Row } from '../engine/memoryTables';
import { entityId, type Handler } from '../engine/projection';
import { templatesTouched } from './queries';

const DETAILS = ['name', 'category', 'description', 'content'] as const;

/**
 * Every version of a template as it stood after that version's event (template_versions): the
 * first from the creation, each next one the previous with the edit's changes. Written from the
 * event and the history alone (the template's row is the evolvers'), so the statements and the
 * folds agree whatever order they run in beside it.
 */
const created: Handler<TemplateCreated> = {
  apply(db, { data: d, version, metadata: { at, user_id } }) {
    return db`
      INSERT INTO template_versions (template_id, version, name, category, description, content, at, by_user)
      VALUES (${d.id}, ${version}, ${d.name}, ${d.category}, ${d.description}, ${d.content}, ${at}, ${user_id})`;
  },
  fold(tables, { data: d, version, metadata: { at, user_id } }) {
    tables.table('template_versions').insert({
      template_id: d.id, version, name: d.name, category: d.category, description: d.description, content: d.content, at, by_user: user_id,
    });
  },
  changed: () => [],
};

/** The latest version of the template, in a rebuild's memory. */
const latest = (rows: Row[]) => rows.reduce<Row | undefined>((last, row) => (!last || Number(row.version) > Number(last.version) ? row : last), undefined);

const edited: Handler<TemplateEdited> = {
  apply(db, { data, stream_id, version, metadata: { at, user_id } }) {
    // The edit's fields over the latest version's: a field set to null is null in the new one.
    return db`
      INSERT INTO template_versions (template_id, version, name, category, description, content, at, by_user)
      SELECT (v).template_id, ${version}, (v).name, (v).category, (v).description, (v).content, ${at}, ${user_id}
      FROM (SELECT jsonb_populate_record(t, ${JSON.stringify(data)}::text::jsonb) AS v FROM template_versions t
            WHERE t.template_id = ${entityId(stream_id)} ORDER BY t.version DESC LIMIT 1) previous`;
  },
  fold(tables, { data, stream_id, version, metadata: { at, user_id } }) {
    const versions = tables.table('template_versions');
    const previous = latest(versions.where('template_id', entityId(stream_id)));
    if (!previous) return;
    const details = Object.fromEntries(DETAILS.map((field) => [field, field in data ? data[field] : previous[field]]));
    versions.insert({ template_id: previous.template_id, version, ...details, at, by_user: user_id });
  },
  changed: () => [],
};

/** Gone for everyone, history included: a deleted template answers 404 on every route. */
const deleted: Handler<TemplateDeleted> = {
  apply: (db, { stream_id }) => db`DELETE FROM template_versions WHERE template_id = ${entityId(stream_id)}`,
  fold(tables, { stream_id }) {
    const versions = tables.table('template_versions');
    for (const row of versions.where('template_id', entityId(stream_id))) versions.remove(row);
  },
  changed: () => [],
};

/** Templates and every version of each (the history). */
export const templatesProjection = defineReadModel<TemplateEvent>({
  name: 'templates',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'templates',
  tables: ['template_versions'],
  evolve: {
    TemplateCreated: {
      create: ({ data: d }) => ({ id: d.id, name: d.name, category: d.category, description: d.description, content: d.content }),
    },
    TemplateEdited: (row, { data }) => ({ ...row, ...data }),
    TemplateDeleted: () => null,
  },
  statements: { TemplateCreated: created, TemplateEdited: edited, TemplateDeleted: deleted },
  live: { entity: 'templates', load: templatesTouched },
});
