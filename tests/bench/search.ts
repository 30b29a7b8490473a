import { MAX_IMPORT_ROWS } from '@shared/imports';
import type { BenchDatabase } from './database';
import { withServer } from './browser';
import { percentiles, type Percentiles } from './live';

export interface SearchBenchResult {
  /** Rows the search looks through (offices, members, deals, contacts, companies). */
  rows: number;
  search: Percentiles;
  list: Percentiles;
  listBytes: number;
}

/** A few letters as people type them: a number prefix, a word, a rare string, a miss. */
const QUERIES = ['srch-1', 'srch-77', 'bushwick', 'zz-none', 'analytics', '42'];

/**
 * Ctrl+K's search over at least `rows` rows against one GET of the office list (the same rows a
 * screen would otherwise load and filter), both as the admin, one request at a time.
 */
export async function benchSearch(database: BenchDatabase, rows: number, samples: number, progress: (line: string) => void): Promise<SearchBenchResult> {
  return withServer(database, async ({ url, token }) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const count = async () => {
      const [row] = await database.sql<{ n: number }[]>`SELECT (SELECT count(*) FROM offices) + (SELECT count(*) FROM members) + (SELECT count(*) FROM deals)
        + (SELECT count(*) FROM crm_contacts) + (SELECT count(*) FROM crm_companies) AS n`;
      return Number(row!.n);
    };
    let batch = 0;
    while ((await count()) < rows) {
      const size = Math.min(MAX_IMPORT_ROWS, rows - (await count()));
      progress(`importing ${size.toLocaleString('en-US')} more offices to search through`);
      const csv = ['office_number,location,desks', ...Array.from({ length: size }, (_, i) => `SRCH-${batch}-${i + 1},Bushwick,${1 + (i % 9)}`)].join('\n');
      const res = await fetch(`${url}/api/imports`, { method: 'POST', headers, body: JSON.stringify({ kind: 'offices', csv }) });
      const last = (await res.text()).trim().split('\n').at(-1)!;
      if (!last.includes('"done"')) throw new Error(`import: ${last}`);
      batch += 1;
    }
    const total = await count();
    const time = async (url: string) => {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return { ms: performance.now() - started, bytes: body.byteLength };
    };
    progress(`${samples} searches and ${samples} GETs of the office list, alternating`);
    const search: number[] = [];
    const list: number[] = [];
    let listBytes = 0;
    for (let i = 0; i < samples; i++) {
      search.push((await time(`${url}/api/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`)).ms);
      const got = await time(`${url}/api/offices`);
      list.push(got.ms);
      listBytes = got.bytes;
    }
    return { rows: total, search: percentiles(search), list: percentiles(list), listBytes };
  });
}
