import { placeholdersOf, type TemplateCategory } from '@shared/domain/templates';
import type { Template, TemplateListQuery, TemplateVersion } from '@shared/schemas/templates';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, likeLiteral, rowReads } from '../engine/projection';

interface TemplateRow {
  id: string;
  name: string;
  category: TemplateCategory;
  description: string | null;
  content: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The placeholders are read from the content, by the rule the client's editor uses too. */
const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  category: r.category,
  description: r.description,
  content: r.content,
  placeholders: placeholdersOf(r.content),
  last_modified: iso(r.updated_at),
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const SELECT = `SELECT t.id, t.name, t.category, t.description, t.content, t.version, t.created_at, t.updated_at FROM templates t`;

/** `%`, `_` and `\` are wildcards to LIKE: a search for "50%" means the characters. */
const contains = (text: string) => `%${likeLiteral(text)}%`;

/** The reads of templates: the list, one by id, and the rows a batch of events changed (see Touched) for the live push. */
const reads = rowReads(SELECT, 't', toTemplate);

/** Every template (all signed-in users read them all), by name, with the list's filters. */
export async function listTemplates(db: Db, query: TemplateListQuery): Promise<Template[]> {
  return reads.where(
    db,
    `($1::text IS NULL OR t.category = $1)
       AND ($2::text IS NULL OR t.name ILIKE $2 OR t.description ILIKE $2 OR t.content ILIKE $2)
     ORDER BY lower(t.name), t.id`,
    [query.category ?? null, query.q ? contains(query.q) : null],
  );
}

export const getTemplate = reads.byId;
export const templatesTouched = reads.touched;

/** Every version before the current one, newest first, with who made each (null: the system). */
export async function templateHistory(db: Db, id: string): Promise<TemplateVersion[]> {
  const rows = await db.unsafe<(Omit<TemplateVersion, 'at'> & { at: Date })[]>(
    `SELECT v.version, v.name, v.category, v.description, v.content, v.at,
            CASE WHEN v.by_user = 'system' THEN NULL ELSE coalesce(u.name, 'A former user') END AS by
     FROM template_versions v
     JOIN templates t ON t.id = v.template_id AND v.version < t.version
     LEFT JOIN users u ON u.id::text = v.by_user
     WHERE v.template_id = $1
     ORDER BY v.version DESC`,
    [id],
    PREPARED,
  );
  return rows.map((r) => ({ ...r, at: iso(r.at) }));
}
