import type { BriefEvent } from '../../events/store/types';
import type { MemoryTable, MemoryTables, Row } from './memoryTables';
import { dependencies, evolveEvent, touchesOf, type Pair, type ReadModel, type RowStore, type Touch } from './readModel';

/** A declared read model's rows in a rebuild's memory (one per table, made once: a rebuild folds millions of events). */
class MemoryStore implements RowStore {
  constructor(private readonly table: MemoryTable) {}

  get(id: string) {
    return this.table.get(id) ?? null;
  }

  where(column: string, value: string) {
    return this.table.where(column, value);
  }

  put(before: Row | null, after: Row | null) {
    if (before && after) this.table.replace(before, after);
    else if (after) this.table.insert(after);
    else if (before) this.table.remove(before);
  }

  touch(touch: Touch, at: string) {
    for (const row of touchedRows(this.table, touch)) this.table.set(row, { updated_at: at });
  }
}

const stores = new WeakMap<MemoryTables, (model: ReadModel) => RowStore>();

/** The stores of a rebuild's tables, by read model. */
function storesOf(tables: MemoryTables) {
  let of = stores.get(tables);
  if (!of) {
    const made = new Map<string, MemoryStore>();
    of = (model: ReadModel) => {
      let store = made.get(model.table);
      if (!store) made.set(model.table, (store = new MemoryStore(tables.table(model.table))));
      return store;
    };
    stores.set(tables, of);
  }
  return of;
}

function touchedRows(table: MemoryTable, { column, value, many }: Touch): Row[] {
  if (!many) return table.where(column, value);
  const id = value.toLowerCase();
  return [...table.rows].filter((row) => ((row[column] as string[] | null) ?? []).some((held) => held.toLowerCase() === id));
}

/**
 * What the event being folded changed, by read model: a rebuild folds each event into every read
 * model before the next, so one slot lets several read models (and the ones they show, kept in
 * memory even when not rebuilt) evolve each row once.
 */
let evolved: { event: BriefEvent | null; pairs: Map<string, Pair[]> } = { event: null, pairs: new Map() };

const involved = new WeakMap<ReadModel, { models: ReadModel[]; types: Set<string> }>();

/** A read model with those it shows, and every event type any of them takes. */
function involvedIn(model: ReadModel) {
  let found = involved.get(model);
  if (!found) {
    const models = [model, ...dependencies(model)];
    involved.set(model, (found = { models, types: new Set(models.flatMap((m) => [...m.types])) }));
  }
  return found;
}

/**
 * A declared read model's fold: its rows and those of the read models it shows evolve in memory,
 * then the rows showing what changed take the event's time, as declaredInline.ts does in SQL.
 */
export function foldDeclared(model: ReadModel, tables: MemoryTables, event: BriefEvent) {
  const { models, types } = involvedIn(model);
  // Most events of a log are none of this read model's business: they cost one lookup.
  if (!types.has(event.type)) return;
  if (evolved.event !== event) evolved = { event, pairs: new Map() };
  const { pairs } = evolved;
  const storeOf = storesOf(tables);
  evolveEvent(models, storeOf, event, pairs);
  if (model.joins.length + model.figures.length === 0) return model.statement(event.type)?.fold?.(tables, event);
  const store = storeOf(model);
  for (const touch of touchesOf(model, pairs)) store.touch(touch, event.metadata.at);
  model.statement(event.type)?.fold?.(tables, event);
}
