import type { Tx } from '../../events/store/types';
import type { Row } from './memoryTables';

/** Rows per INSERT: one parameter of JSON, a few MB at most. */
const CHUNK = 5_000;

/**
 * Writes rows a rebuild folded in memory into `table` (the search_path's first schema): a
 * multi-row INSERT per chunk, the rows passed as one JSON array and typed by the table's own
 * row type (jsonb_populate_recordset), so uuid, date, array and jsonb columns convert as a
 * statement's parameters would. Each INSERT names the columns its rows carry; a column a fold
 * left out takes its DEFAULT, as it does for the statement that INSERTs without it.
 */
export async function writeRows(tx: Tx, table: string, rows: Iterable<Row>): Promise<number> {
  const byColumns = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    let group = byColumns.get(key);
    if (!group) byColumns.set(key, (group = []));
    group.push(row);
  }
  let written = 0;
  for (const [key, group] of byColumns) {
    const columns = key.split(',').map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
    const insert = `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::text::jsonb)`;
    for (let i = 0; i < group.length; i += CHUNK) {
      await tx.unsafe(insert, [JSON.stringify(group.slice(i, i + CHUNK))]);
      written += Math.min(CHUNK, group.length - i);
    }
  }
  return written;
}
