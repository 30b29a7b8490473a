import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../events/store/connect';
import { transaction } from '../../events/store/transaction';
import type { Pool } from '../../events/store/types';
import type { Row } from '../../projections/engine/memoryTables';
import { writeRows } from '../../projections/engine/writeRows';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';

let db: Database;
let sql: Pool;
beforeAll(async () => {
  db = await createTestDatabase(2);
  sql = createPool(db.url, { max: 1 });
  for (const table of ['copied', 'inserted']) {
    await sql.unsafe(`CREATE TABLE ${table} (
      id uuid PRIMARY KEY, name text, n integer, big bigint, ratio double precision, price numeric,
      on_site boolean, day date, at timestamptz, tags text[], ids uuid[], floors integer[],
      info jsonb, state text NOT NULL DEFAULT 'AVAILABLE', made timestamptz NOT NULL DEFAULT '2020-01-01Z')`);
  }
});
afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await db?.close();
});

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const rows: Row[] = [
  {
    id: id(1), name: 'tab\there\nnewline\r\\back "dq" \'sq\' \\N', n: 7, big: 9007199254740991, ratio: -0.125, price: 2700.5,
    on_site: true, day: '2025-02-01', at: '2025-02-01T10:11:12.345Z', tags: ['a,b', 'say "hi"', '{x}', null, 'back\\slash', 'NULL', ''],
    ids: [id(2).toUpperCase(), id(3)], floors: [1, 2, 3], info: { note: 'say "hi"\n\\', nested: { list: [1, null, 'x\ty'] } },
    state: 'PENDING', made: '2024-05-06T07:08:09Z',
  },
  {
    id: id(2), name: null, n: null, big: null, ratio: null, price: null, on_site: false, day: null, at: null,
    tags: [], ids: null, floors: null, info: null, state: 'TAKEN', made: '2024-01-01T00:00:00Z',
  },
  // Without state and made: both take their DEFAULT.
  { id: id(3), name: 'ü € 😀', info: 'a string', on_site: false, tags: [null] },
  { id: id(4), info: [1, 'two', { three: 3 }], at: new Date('2025-03-04T05:06:07Z') },
];

/** The rows as the former path wrote them: JSON of the rows, typed by the table's row type. */
async function insertThroughJson(table: string, given: Row[]): Promise<void> {
  const byColumns = new Map<string, Row[]>();
  for (const row of given) {
    const key = Object.keys(row).sort().join(',');
    byColumns.set(key, [...(byColumns.get(key) ?? []), row]);
  }
  for (const [key, group] of byColumns) {
    const columns = key.split(',').join(', ');
    await sql.unsafe(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::text::jsonb)`, [
      JSON.stringify(group),
    ]);
  }
}

const contents = async (table: string) =>
  (await sql.unsafe(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY id`)).map((r) => r.row as string);

describe('Writing folded rows with COPY', () => {
  it('given rows of every column type, with awkward text and missing columns, then they equal the rows written through JSON', async () => {
    await insertThroughJson('inserted', rows);
    const written = await transaction(sql, (tx) => writeRows(tx, 'copied', rows));
    expect(written).toBe(rows.length);
    const copied = await contents('copied');
    expect(copied).toEqual(await contents('inserted'));
    expect(copied).toHaveLength(rows.length);
    const [third] = await sql<{ name: string; null_tag: boolean; state: string }[]>`
      SELECT name, tags[1] IS NULL AS null_tag, state FROM copied WHERE id = ${id(3)}`;
    expect(third).toEqual({ name: 'ü € 😀', null_tag: true, state: 'AVAILABLE' });
  });

  it('given no rows, then nothing is written', async () => {
    expect(await transaction(sql, (tx) => writeRows(tx, 'copied', []))).toBe(0);
  });
});
