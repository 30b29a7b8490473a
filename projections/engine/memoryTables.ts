/** A row of a read model as a rebuild folds it in memory: column name -> value as JSON has it. */
export type Row = Record<string, unknown>;

/**
 * One read-model table held in memory while a rebuild folds the log (projections/engine/build.ts): the
 * same changes the projection's statements make, on plain objects, so each row is written once
 * at the end instead of once per event. Rows with an `id` column are found by it; any uuid
 * column can be searched (`where`), through an index kept as rows change.
 */
export class MemoryTable {
  readonly rows = new Set<Row>();
  private readonly byId = new Map<string, Row>();
  private readonly indexes = new Map<string, Map<string, Set<Row>>>();

  /** uuid values compare case-insensitively in PostgreSQL; keys here are lower case. */
  private static key(value: unknown): string | undefined {
    return typeof value === 'string' ? value.toLowerCase() : undefined;
  }

  /** An INSERT: only the columns given; the rest take their DEFAULT when written. */
  insert(row: Row): void {
    const id = MemoryTable.key(row.id);
    if (id !== undefined) {
      // The primary key, as the table would refuse a second row with this id.
      if (this.byId.has(id)) throw new Error(`duplicate id ${id} in a rebuilt table`);
      this.byId.set(id, row);
    }
    this.rows.add(row);
    for (const [column, index] of this.indexes) MemoryTable.add(index, row[column], row);
  }

  get(id: string): Row | undefined {
    return this.byId.get(id.toLowerCase());
  }

  /** `UPDATE ... SET changes WHERE id = $id`: nothing when there is no such row. */
  update(id: string, changes: Row): void {
    const row = this.get(id);
    if (row) this.set(row, changes);
  }

  /** Changes columns of a row of this table (found by get or where), keeping the indexes right. */
  set(row: Row, changes: Row): void {
    for (const [column, index] of this.indexes) {
      if (column in changes && MemoryTable.key(changes[column]) !== MemoryTable.key(row[column])) {
        MemoryTable.remove(index, row[column], row);
        MemoryTable.add(index, changes[column], row);
      }
    }
    Object.assign(row, changes);
  }

  /** Puts `next` in the place of `row` (an evolver's new row in place of the old, which stays as it was). */
  replace(row: Row, next: Row): void {
    const id = MemoryTable.key(row.id);
    if (id === undefined || id !== MemoryTable.key(next.id) || !this.rows.delete(row)) {
      this.remove(row);
      this.insert(next);
      return;
    }
    this.rows.add(next);
    this.byId.set(id, next);
    for (const [column, index] of this.indexes) {
      MemoryTable.remove(index, row[column], row);
      MemoryTable.add(index, next[column], next);
    }
  }

  /** `DELETE ... WHERE id = $id`. */
  delete(id: string): void {
    const row = this.get(id);
    if (row) this.remove(row);
  }

  remove(row: Row): void {
    if (!this.rows.delete(row)) return;
    const id = MemoryTable.key(row.id);
    if (id !== undefined) this.byId.delete(id);
    for (const [column, index] of this.indexes) MemoryTable.remove(index, row[column], row);
  }

  /** The rows whose uuid `column` equals `value` (a copy: safe to change or remove while iterating). */
  where(column: string, value: string): Row[] {
    let index = this.indexes.get(column);
    if (!index) {
      index = new Map();
      for (const row of this.rows) MemoryTable.add(index, row[column], row);
      this.indexes.set(column, index);
    }
    return [...(index.get(value.toLowerCase()) ?? [])];
  }

  /** `UPDATE ... SET changes WHERE column = $value`. */
  updateWhere(column: string, value: string, changes: Row): void {
    for (const row of this.where(column, value)) this.set(row, changes);
  }

  private static add(index: Map<string, Set<Row>>, value: unknown, row: Row) {
    const key = MemoryTable.key(value);
    if (key === undefined) return;
    let rows = index.get(key);
    if (!rows) index.set(key, (rows = new Set()));
    rows.add(row);
  }

  private static remove(index: Map<string, Set<Row>>, value: unknown, row: Row) {
    const key = MemoryTable.key(value);
    if (key !== undefined) index.get(key)?.delete(row);
  }
}

/** The tables a rebuild folds into, by name, each created on first use. */
export class MemoryTables {
  private readonly tables = new Map<string, MemoryTable>();

  table(name: string): MemoryTable {
    let table = this.tables.get(name);
    if (!table) this.tables.set(name, (table = new MemoryTable()));
    return table;
  }

  has(name: string): boolean {
    return this.tables.has(name);
  }
}
