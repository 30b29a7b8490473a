import type { BriefEvent } from '../events/store/types';
import type { MemoryTable, MemoryTables, Row } from './memoryTables';
import { dependencies, evolveEvent, touchesOf, type Pair, type ReadModel, type RowStore, type Touch } from './readModel';

/** A declared read model's rows in a rebuild's memory. */
function memoryStore(table: MemoryTable): RowStore {
  return {
    get: (id) => table.get(id) ?? null,
    where: (column, value) => table.where(column, value),
    put(before, after) {
      if (before && after) table.replace(before, after);
      else if (after) table.insert(after);
      else if (before) table.remove(before);
    },
    touch(touch, at) {
      for (const row of touchedRows(table, touch)) table.set(row, { updated_at: at });
    },
  };
}

function touchedRows(table: MemoryTable, { column, value, many }: Touch): Row[] {
  if (!many) return table.where(column, value);
  const id = value.toLowerCase();
  return [...table.rows].filter((row) => ((row[column] as string[] | null) ?? []).some((held) => held.toLowerCase() === id));
}

/**
 * What each event changed, by read model: folding one event into several read models (and the
 * ones they show, kept in memory even when not rebuilt) evolves each once.
 */
const evolved = new WeakMap<BriefEvent, Map<string, Pair[]>>();

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
  let pairs = evolved.get(event);
  if (!pairs) evolved.set(event, (pairs = new Map()));
  evolveEvent(models, (m) => memoryStore(tables.table(m.table)), event, pairs);
  const store = memoryStore(tables.table(model.table));
  for (const touch of touchesOf(model, pairs)) store.touch(touch, event.metadata.at);
  model.statement(event.type)?.fold?.(tables, event);
}
