import { parse } from 'csv-parse';
import { MAX_IMPORT_ROWS } from '@shared/imports';
import { HttpError } from '../httpError';

export interface ParsedCsv {
  headers: string[];
  /** Each data row's cells, with its line in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

/**
 * Parses CSV text with csv-parse (quotes, embedded commas and newlines, a byte-order mark, CRLF),
 * as a stream: a large file is read in slices, so other requests are served in between. The
 * first non-empty line is the header. A file that is not CSV is a 400 that says where.
 */
export async function parseCsv(text: string): Promise<ParsedCsv> {
  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true });
  parser.end(text);
  let headers: string[] | null = null;
  const rows: ParsedCsv['rows'] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!headers) {
        headers = record;
        continue;
      }
      if (record.every((cell) => cell === '')) continue;
      if (rows.length >= MAX_IMPORT_ROWS) throw new HttpError(413, `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`);
      rows.push({ line: info.lines, cells: record });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `This is not a CSV file we can read: ${(error as Error).message}`);
  }
  if (!headers || headers.every((h) => h === '')) throw new HttpError(400, 'The file has no header row');
  return { headers, rows };
}
