import type { Tx } from '../../events/store/types';
import { SCALAR, type ColumnKind } from './copyText';

const JSON_TYPES = new Set(['json', 'jsonb']);

/** Each column of `table` (resolved through the search_path) -> how COPY's text writes its values. */
export async function columnKinds(tx: Tx, table: string): Promise<Map<string, ColumnKind>> {
  const columns = await tx<{ name: string; type: string; element: string | null }[]>`
    SELECT a.attname AS name, t.typname AS type, e.typname AS element
    FROM pg_attribute a
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
    WHERE a.attrelid = ${table}::regclass AND a.attnum > 0 AND NOT a.attisdropped`;
  const kindOf = (type: string): ColumnKind => (JSON_TYPES.has(type) ? { kind: 'json' } : SCALAR);
  return new Map(
    columns.map(({ name, type, element }) => [
      name,
      element === null ? kindOf(type) : { kind: 'array', element: kindOf(element) },
    ]),
  );
}
