import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import type { Row } from './memoryTables';
import type { ReadModel, RowStore } from './readModel';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A tallying read model's rows (readModel.ts `tallies`) in a command: only what the command adds
 * to each, never read. Its rows are shared by every stream whose rows it sums, and those streams'
 * commands run side by side: read, summed and written back, one command's count would overwrite
 * another's. Added in SQL (`n = n + $delta`), each waits for the row's lock instead.
 */
export class TallySet implements RowStore {
  /** What to add, by lower-case id: the key row and the counts. */
  readonly sums = new Map<string, { key: Row; counts: Record<string, number> }>();

  constructor(readonly model: ReadModel) {}

  get() {
    return null;
  }

  where() {
    return [];
  }

  put(): void {
    throw new Error(`'${this.model.name}' is added to, never written whole, by a command`);
  }

  touch(): void {}

  add(key: Row, counts: Record<string, number>) {
    const id = String(key.id).toLowerCase();
    let sum = this.sums.get(id);
    if (!sum) this.sums.set(id, (sum = { key, counts: {} }));
    for (const [column, n] of Object.entries(counts)) sum.counts[column] = (sum.counts[column] ?? 0) + n;
  }

  /**
   * Two statements: one INSERT … ON CONFLICT adding to every row (in id order, so two commands
   * lock shared rows in the same order and never deadlock), then the rows whose sums all came to
   * zero go, as a rebuild never writes them.
   */
  writes(tx: Db): Promise<unknown>[] {
    if (this.sums.size === 0) return [];
    const table = quote(this.model.table);
    const sums = [...this.sums.values()];
    const keys = [...new Set(sums.flatMap(({ key }) => Object.keys(key)))];
    const counts = [...new Set(sums.flatMap(({ counts }) => Object.keys(counts)))];
    const rows = sums.map(({ key, counts }) => ({ ...key, ...counts }));
    const columns = [...keys, ...counts].map(quote).join(', ');
    const values = [...keys.map((c) => `r.${quote(c)}`), ...counts.map((c) => `coalesce(r.${quote(c)}, 0)`)].join(', ');
    const added = counts.map((c) => `${quote(c)} = t.${quote(c)} + excluded.${quote(c)}`).join(', ');
    return [
      tx.unsafe(
        `INSERT INTO ${table} AS t (${columns}) SELECT ${values} FROM jsonb_populate_recordset(NULL::${table}, $1::text::jsonb) r ORDER BY r.id ` +
          `ON CONFLICT (id) DO UPDATE SET ${added}`,
        [JSON.stringify(rows)],
        PREPARED,
      ),
      tx.unsafe(
        `DELETE FROM ${table} t WHERE t.id = ANY($1::${this.model.keyType}[]) ` +
          `AND NOT EXISTS (SELECT 1 FROM jsonb_each(to_jsonb(t)) c WHERE jsonb_typeof(c.value) = 'number' AND c.value <> '0'::jsonb)`,
        [sums.map(({ key }) => String(key.id))],
        PREPARED,
      ),
    ];
  }
}
