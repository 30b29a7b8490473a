import type { Resource, ResourceCategory, ResourceListQuery, ResourceType } from '@shared/schemas/resources';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, likeLiteral, rowReads } from '../engine/projection';

interface ResourceRow {
  id: string;
  name: string;
  description: string | null;
  category: ResourceCategory;
  type: ResourceType;
  file_name: string;
  content_type: string;
  sha256: string;
  size: number | string;
  uploaded_by: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toResource = (r: ResourceRow): Resource => ({
  id: r.id,
  name: r.name,
  type: r.type,
  size: Number(r.size),
  description: r.description,
  category: r.category,
  file_name: r.file_name,
  content_type: r.content_type,
  sha256: r.sha256,
  uploaded_by: r.uploaded_by,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const SELECT = `
  SELECT r.id, r.name, r.description, r.category, r.type, r.file_name, r.content_type, r.sha256, r.size, r.version, r.created_at, r.updated_at,
         CASE WHEN r.uploaded_by = 'system' THEN NULL ELSE coalesce(u.name, 'A former user') END AS uploaded_by
  FROM resources r
  LEFT JOIN users u ON u.id::text = r.uploaded_by`;

const reads = rowReads(SELECT, 'r', toResource);
export const getResource = reads.byId;
/** The rows a batch of events changed, for the live push. */
export const resourcesTouched = reads.touched;

/** Every document (all signed-in users read the library), by name, optionally searched. */
export async function listResources(db: Db, query: ResourceListQuery): Promise<Resource[]> {
  const q = query.q ? `%${likeLiteral(query.q)}%` : null;
  const rows = await db.unsafe<ResourceRow[]>(
    `${SELECT}
     WHERE ($1::text IS NULL OR r.name ILIKE $1 OR r.description ILIKE $1)
     ORDER BY lower(r.name), r.id`,
    [q],
    PREPARED,
  );
  return rows.map(toResource);
}
