import { stringify } from 'csv-stringify/sync';
import type { ReportDocument } from '@shared/domain/reportsTables';

/**
 * A report as CSV: its title and heading lines, the tiles as a Summary table, then each table under its title, a blank line
 * between. With a byte-order mark, so spreadsheets read the text as UTF-8; cells beginning with
 * a formula character (a location named "=...") are escaped, so no cell runs as a formula.
 */
export function reportCsv(document: ReportDocument): string {
  const changes = document.tiles.some((tile) => tile.change !== null);
  const records: string[][] = [[document.title], ...document.heading, [], ['Summary'], ['Measure', 'Value', 'Detail', ...(changes ? ['Change'] : [])]];
  for (const tile of document.tiles) records.push([tile.label, tile.value, tile.detail, ...(changes ? [tile.change ?? ''] : [])]);
  records.push([]);
  for (const table of document.tables) {
    records.push([table.title], table.columns);
    if (table.rows.length === 0) records.push([table.empty ?? 'None']);
    else records.push(...table.rows);
    records.push([]);
  }
  return stringify(records, { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}
