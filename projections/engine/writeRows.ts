import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Tx } from '../../events/store/types';
import { columnKinds } from './columnKinds';
import { copyLine, SCALAR } from './copyText';
import type { Row } from './memoryTables';

/** Lines handed to the COPY stream at a time: large enough to keep per-write costs small. */
const BATCH = 2_000;

/**
 * Writes rows a rebuild folded in memory into `table` (the search_path's first schema) with
 * COPY ... FROM STDIN in the text format, each value written as the text the column's type
 * parses (projections/engine/copyText.ts), so the rows equal what an INSERT of them would
 * store. Rows are grouped by the columns they carry and each group is one COPY naming only
 * those columns: a column a fold left out takes its DEFAULT, as it does for an INSERT without it.
 */
export async function writeRows(tx: Tx, table: string, rows: Iterable<Row>): Promise<number> {
  const byColumns = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).sort().join(',');
    let group = byColumns.get(key);
    if (!group) byColumns.set(key, (group = []));
    group.push(row);
  }
  if (byColumns.size === 0) return 0;
  const kinds = await columnKinds(tx, table);
  let written = 0;
  for (const [key, group] of byColumns) {
    const columns = key.split(',');
    const names = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
    const columnKindsInOrder = columns.map((column) => kinds.get(column) ?? SCALAR);
    const stream = await tx.unsafe(`COPY ${table} (${names}) FROM STDIN`).writable();
    await pipeline(Readable.from(lines(group, columns, columnKindsInOrder)), stream);
    written += group.length;
  }
  return written;
}

function* lines(group: readonly Row[], columns: readonly string[], kinds: Parameters<typeof copyLine>[2]): Generator<string> {
  for (let i = 0; i < group.length; i += BATCH) {
    let text = '';
    for (const row of group.slice(i, i + BATCH)) text += copyLine(row, columns, kinds);
    yield text;
  }
}
