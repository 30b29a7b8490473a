import { PREPARED } from '../../events/store/connect';
import type { Db, PendingEvent } from '../../events/store/types';
import type { Row } from './memoryTables';
import { changedIn, dependencies, evolveEvent, touchesOf, type Pair, type ReadModel, type RowKey, type RowStore } from './readModel';
import { TallySet } from './tallyInline';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lower = (value: unknown) => String(value).toLowerCase();

/**
 * A declared read model's rows a batch of events changes, read once, evolved in memory, and
 * written once: rows are read and written as JSON typed by the table's own row type
 * (to_jsonb / jsonb_populate_record), the form a rebuild's memory holds them in.
 */
class WorkingSet implements RowStore {
  /** Rows as read (null: known absent), by lower-case id. */
  readonly read = new Map<string, Row | null>();
  readonly rows = new Map<string, Row | null>();
  /** Rows re-stamped because a row they show changed, with the event that did it. */
  readonly touches: { column: string; value: string; many: boolean; event: PendingEvent }[] = [];

  constructor(readonly model: ReadModel) {}

  load(rows: Row[], absent: string[]) {
    for (const id of absent) if (!this.read.has(lower(id))) this.read.set(lower(id), null);
    for (const row of rows) this.read.set(lower(row.id), row);
    for (const [id, row] of this.read) if (!this.rows.has(id)) this.rows.set(id, row);
  }

  get(id: string) {
    return this.rows.get(lower(id)) ?? null;
  }

  where(column: string, value: string) {
    return [...this.rows.values()].filter((row): row is Row => row !== null && lower(row[column]) === lower(value));
  }

  put(before: Row | null, after: Row | null) {
    const id = lower((after ?? before)!.id);
    this.rows.set(id, after);
  }

  touch(touch: { column: string; value: string; many: boolean }, at: string, event?: PendingEvent) {
    if (event) this.touches.push({ ...touch, event });
    for (const [id, row] of this.rows) {
      if (!row) continue;
      const held = row[touch.column];
      const shows = touch.many ? ((held as string[] | null) ?? []).some((v) => lower(v) === lower(touch.value)) : lower(held) === lower(touch.value);
      if (shows) this.rows.set(id, { ...row, updated_at: at });
    }
  }
}

/**
 * Names rows of `model` in the event's metadata as changed by it (beyond its own row): the command
 * appends its events after its read models ran, so the log keeps them for every later push.
 */
function recordTouched(event: PendingEvent, model: string, ids: string[]) {
  const metadata = event.metadata;
  const before = metadata.touched?.[model] ?? [];
  metadata.touched = { ...metadata.touched, [model]: [...before, ...ids.map((value) => ({ column: 'id', value }))] };
}

/** One read of a model's rows by a column's values, and the key under which a read ahead keeps it. */
function rowsRead(model: ReadModel, column: string, values: string[]) {
  return {
    key: `${model.name}\u0000${column}\u0000${values.join('\u0000')}`,
    text: `SELECT to_jsonb(t) AS row FROM ${quote(model.table)} t WHERE t.${quote(column)} = ANY($1::${model.keyType}[])`,
  };
}

/**
 * Reads taken ahead in a transaction (readAhead), by read key: each is used by the next
 * inlineDeclared of the transaction that needs exactly that read, and all are dropped then, so
 * none is used once this transaction's own writes may have changed its rows.
 */
const ahead = new WeakMap<Db, Map<string, Promise<{ row: Row }[]>>>();

/**
 * Reads now, in the caller's transaction, the rows of `model` with these ids, for the command
 * that follows (its events change them): the read goes out with the statements sent beside it
 * (a lock taken ahead, the route's own reads) instead of a round trip of its own. The caller
 * holds what keeps the rows from changing until then (the stream's lock; nothing it writes
 * meanwhile touches them).
 */
export function readAhead(tx: Db, model: ReadModel, ids: string[]) {
  const { key, text } = rowsRead(model, 'id', ids);
  const rows = tx.unsafe<{ row: Row }[]>(text, [ids], PREPARED);
  rows.catch(() => undefined);
  let reads = ahead.get(tx);
  if (!reads) ahead.set(tx, (reads = new Map()));
  reads.set(key, rows);
}

/** Reads the rows the batch's keys name, one query per model and column, sent together (or taken ahead). */
function readRows(tx: Db, sets: Map<ReadModel, WorkingSet | TallySet>, keys: Map<ReadModel, RowKey[]>, taken: Map<string, Promise<{ row: Row }[]>> | undefined) {
  const reads: Promise<void>[] = [];
  for (const [model, modelKeys] of keys) {
    const byColumn = new Map<string, Set<string>>();
    for (const { column, value } of modelKeys) byColumn.set(column, (byColumn.get(column) ?? new Set()).add(value));
    for (const [column, values] of byColumn) {
      const ids = [...values];
      const { key, text } = rowsRead(model, column, ids);
      const rows = taken?.get(key) ?? tx.unsafe<{ row: Row }[]>(text, [ids], PREPARED);
      reads.push(rows.then((found) => (sets.get(model) as WorkingSet).load(found.map((r) => r.row), column === 'id' ? ids : [])));
    }
  }
  return Promise.all(reads);
}

/**
 * The statements that leave each row of `set` as evolved: touches first, then each changed row
 * once. A touch by id names its row in the event's metadata at once (the push loads it by id,
 * and a row gone is pushed as its removal, which is what a client should hold of it); a touch by
 * another column names the rows its answer finds, so the event may be appended only once it has
 * answered: those statements also go into `naming`.
 */
function writes(tx: Db, set: WorkingSet, naming: Promise<unknown>[]): Promise<unknown>[] {
  const table = quote(set.model.table);
  const statements: Promise<unknown>[] = [];
  for (const { column, value, many, event } of set.touches) {
    if (column === 'id' && !many) {
      recordTouched(event, set.model.name, [value]);
      statements.push(tx.unsafe(`UPDATE ${table} SET updated_at = $1 WHERE id = $2`, [event.metadata.at, value], PREPARED));
      continue;
    }
    const where = many ? `$2::${set.model.keyType} = ANY(${quote(column)})` : `${quote(column)} = $2`;
    const touched = tx.unsafe<{ id: string }[]>(`UPDATE ${table} SET updated_at = $1 WHERE ${where} RETURNING id`, [event.metadata.at, value], PREPARED).then((rows) => {
      // Named by id, whatever column found them: the push loads rows by what its answers hold.
      if (rows.length > 0) recordTouched(event, set.model.name, rows.map((row) => row.id));
    });
    statements.push(touched);
    naming.push(touched);
  }
  for (const [id, row] of set.rows) {
    const before = set.read.get(id) ?? null;
    if (row === before) continue;
    if (!row) {
      statements.push(tx.unsafe(`DELETE FROM ${table} WHERE id = $1`, [before!.id as string], PREPARED));
      continue;
    }
    const columns = before
      ? Object.keys(row).filter((c) => c === 'updated_at' || c === 'version' || changedIn({ before, after: row }, [c]))
      : Object.keys(row);
    const list = columns.map(quote).join(', ');
    const json = JSON.stringify(row);
    statements.push(
      before
        ? tx.unsafe(
            `UPDATE ${table} t SET (${list}) = (SELECT ${columns.map((c) => `r.${quote(c)}`).join(', ')}) ` +
              `FROM jsonb_populate_record(NULL::${table}, $1::text::jsonb) r WHERE t.id = r.id`,
            [json],
            PREPARED,
          )
        : tx.unsafe(`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${table}, $1::text::jsonb)`, [json], PREPARED),
    );
  }
  return statements;
}

/**
 * Runs the declared read models `targets` for events about to be appended (or replayed), in the
 * caller's transaction: one round trip reads every row the events change (and the rows of the
 * read models they show), the evolvers run in memory, and the writes go out together. The rows
 * pushed because a row they show changed are named in the event's metadata (`touched`), so the
 * live push, then and in any later catch-up, needs no row's past. Returns each target's
 * statements, for the caller to await with its conflicts, and those among them the metadata
 * waits on (`naming`: the events are appended once they have answered).
 */
export async function inlineDeclared(
  tx: Db,
  events: PendingEvent[],
  targets: readonly ReadModel[],
): Promise<{ statements: Map<ReadModel, Promise<unknown>[]>; naming: Promise<unknown>[] }> {
  const involved = [...new Set(targets.flatMap((model) => [model, ...dependencies(model)]))];
  // A tallying read model's rows are only added to (tallyInline.ts), never read first.
  const sets = new Map(involved.map((model) => [model, model.tallies.length > 0 ? new TallySet(model) : new WorkingSet(model)]));
  const keys = new Map<ReadModel, RowKey[]>();
  for (const event of events) {
    for (const model of involved) {
      const key = model.rows(event);
      if (key) keys.set(model, [...(keys.get(model) ?? []), key]);
    }
  }
  const taken = ahead.get(tx);
  ahead.delete(tx);
  if (keys.size > 0) await readRows(tx, sets, keys, taken);

  for (const event of events) {
    const pairs: Map<string, Pair[]> = evolveEvent(involved, (model) => sets.get(model)!, event);
    for (const model of targets) {
      const touches = touchesOf(model, pairs);
      if (touches.length === 0) continue;
      for (const touch of touches) sets.get(model)!.touch(touch, event.metadata.at, event);
    }
  }
  const naming: Promise<unknown>[] = [];
  const statements = new Map(
    targets.map((model) => {
      const set = sets.get(model)!;
      return [model, set instanceof TallySet ? set.writes(tx) : writes(tx, set, naming)];
    }),
  );
  return { statements, naming };
}
