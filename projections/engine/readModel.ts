import type { BriefEvent } from '../../events/store/types';
import type { Row } from './memoryTables';
import { entityId, type Brief, type Handler, type Handlers, type LiveView } from './projection';

/**
 * A read model declared once: its table's row, a pure `evolve(row, event) → row` per event type
 * for the changes of its rows, and what its rows show of other read models (`joins`, `figures`).
 * The inline SQL (declaredInline.ts), the rebuild's in-memory fold (declaredFold.ts) and the rows
 * each event changed for the live push (`changed`) all derive from it; nothing of it is written
 * twice. What a declaration cannot say (a history table, a statement over many rows) stays
 * hand-written in `statements`, with the usual apply / fold / changed.
 */

/** The rows of a read model an event changes: `{ column: 'id', value }` is one row, any other column may match several. */
export interface RowKey {
  column: string;
  value: string;
}

/**
 * How one event type changes rows of a read model. Evolvers are pure: they return a new row (or
 * the same one for no change), never change the one given.
 * - a function: the event's own row (id = the stream's entity), when it exists; null removes it;
 * - `create`: the event's own row, new;
 * - `upsert`: the event's own row, null when there is none yet (one-row settings);
 * - `rows` + `evolve`: the rows that key names (a company's offices on its rename), each in turn;
 *   `rows` returning null means none.
 */
export type Evolver<E extends { type: string; data: unknown }> =
  // Method forms: checked per event type where declared, and the engine may hold any of them.
  | { own(row: Row, event: Brief<E>): Row | null }['own']
  | { create(event: Brief<E>): Row }
  | { upsert(row: Row | null, event: Brief<E>): Row | null }
  | { rows(event: Brief<E>): RowKey | null; evolve(row: Row, event: Brief<E>): Row | null };

export type Evolvers<E extends { type: string; data: unknown }> = {
  [T in E['type']]?: Evolver<Extract<E, { type: T }>>;
};

/**
 * This read model's rows show columns of another's, joined by `column` when read (a deal shows
 * its location's name): when an event changes any of `shows` in a row of `model`, the rows that
 * join it are pushed again, their updated_at moved so clients merging by it take them.
 */
export interface Join {
  column: string;
  model: string;
  shows: string[];
  /** `column` is an array of ids (a member's offices). */
  many?: boolean;
}

/**
 * This read model's rows show figures summed from another's rows (a company's deal count): any
 * change of a `model` row, in `when` columns if given, pushes the rows its `by` column named
 * before and after the event.
 */
export interface Figures {
  model: string;
  by: string;
  when?: string[];
}

/**
 * This read model's rows are sums over another's rows (a location's offices by status): each row
 * of `model` adds `count(row)` to the row `into(row)` names (its id and the columns saying what it
 * sums; null: it adds to none). When a `model` row changes, what it added before is taken off and
 * what it adds after is put on, so a sum is always the one over the rows as they stand.
 */
export interface Tally {
  model: string;
  into(row: Row): Row | null;
  count(row: Row): Record<string, number>;
}

export interface ReadModelSpec<E extends { type: string; data: unknown }> {
  name: string;
  /** Bump when table.sql or an evolver changes: start-up then rebuilds this read model from the log. */
  version: number;
  ddl: string;
  /** The table the evolvers' rows live in; `id` is its key. */
  table: string;
  /** The type of `id` and of the columns RowKeys name (uuid unless said). */
  keyType?: 'uuid' | 'text';
  /** Further tables the hand-written statements keep. */
  tables?: string[];
  conflicts?: Record<string, { message: string; field: string }>;
  evolve: Evolvers<E>;
  joins?: Join[];
  figures?: Figures[];
  /**
   * Sums over other read models' rows. A row whose sums are all zero is no row. Commands add to
   * the rows (`RowStore.add`) rather than read and write them back: the rows are shared by many
   * streams, whose commands do not wait for one another.
   */
  tallies?: Tally[];
  /**
   * False for a table without version / created_at / updated_at. Otherwise an event's own row
   * takes its version and time (created_at too when it is new), and a row changed by another
   * stream's event its time only: its version is its own stream's.
   */
  stamps?: boolean;
  statements?: Handlers<E>;
  live?: LiveView;
}

/** One row's change by one event, as evolving it left it; null for absent. */
export interface Pair {
  before: Row | null;
  after: Row | null;
}

/** The declaration, normalised for the engine. */
export interface ReadModel {
  readonly name: string;
  readonly table: string;
  readonly keyType: 'uuid' | 'text';
  readonly joins: Join[];
  readonly figures: Figures[];
  readonly tallies: Tally[];
  readonly stamps: boolean;
  /** The event types its evolvers and statements take. */
  readonly types: ReadonlySet<string>;
  /** The rows `event` changes, or null when this read model does not take it. */
  rows(event: BriefEvent): RowKey | null;
  /** The row after `event`, stamped. */
  evolve(row: Row | null, event: BriefEvent): Row | null;
  /** Hand-written statements for `event`, if any. */
  statement(type: string): Handler<{ type: string; data: unknown }> | undefined;
}

const declared = new Map<string, ReadModel>();

/** A declared read model by name (a join's or figure's other side). */
export function readModel(name: string): ReadModel {
  const model = declared.get(name);
  if (!model) throw new Error(`No read model is declared as '${name}'`);
  return model;
}

/** The read models whose rows `model`'s rows show: evolved beside it, even where they are not kept. */
export function dependencies(model: ReadModel): ReadModel[] {
  return [...new Set([...model.joins, ...model.figures, ...model.tallies].map((d) => d.model))].map(readModel);
}

export function declareModel<E extends { type: string; data: unknown }>(spec: ReadModelSpec<E>): ReadModel {
  // Its rows are added to, never read first, by commands: an evolver of its own would read them.
  if (spec.tallies?.length && Object.keys(spec.evolve).length > 0) throw new Error(`'${spec.name}' sums other read models' rows: it has no evolvers of its own`);
  // Keyed by type name, so the evolver found always takes the event's own payload type.
  const evolvers: Partial<Record<string, Evolver<{ type: string; data: unknown }>>> = spec.evolve;
  const statements: Partial<Record<string, Handler<{ type: string; data: unknown }>>> = spec.statements ?? {};
  const stamps = spec.stamps ?? true;
  const model: ReadModel = {
    name: spec.name,
    table: spec.table,
    keyType: spec.keyType ?? 'uuid',
    joins: spec.joins ?? [],
    figures: spec.figures ?? [],
    tallies: spec.tallies ?? [],
    stamps,
    types: new Set([...Object.keys(evolvers), ...Object.keys(statements)]),
    rows(event) {
      const evolver = evolvers[event.type];
      if (!evolver) return null;
      return 'rows' in evolver ? evolver.rows(event) : { column: 'id', value: entityId(event.stream_id) };
    },
    evolve(row, event) {
      const next = evolveWith(evolvers[event.type]!, row, event);
      if (!next || !stamps) return next;
      const at = event.metadata.at;
      // Evolvers return a new row or the one given: a new one is theirs to give, so it is
      // stamped in place (a rebuild stamps millions), the one given is copied first.
      if (isOwn(next, event)) {
        const stamped = next === row ? { ...row } : next;
        stamped.version = event.version;
        stamped.updated_at = at;
        if (!row) stamped.created_at = at;
        return stamped;
      }
      if (next === row) return row;
      next.updated_at = at;
      return next;
    },
    statement: (type) => statements[type],
  };
  declared.set(spec.name, model);
  return model;
}

/** The event's own row: its id is the stream's entity (its version is the stream's). */
function isOwn(row: Row, event: BriefEvent): boolean {
  const id = entityId(event.stream_id);
  return row.id === id || String(row.id).toLowerCase() === id.toLowerCase();
}

function evolveWith(evolver: Evolver<{ type: string; data: unknown }>, row: Row | null, event: BriefEvent): Row | null {
  if (typeof evolver === 'function') return row && evolver(row, event);
  if ('create' in evolver) return evolver.create(event);
  if ('upsert' in evolver) return evolver.upsert(row, event);
  return row && evolver.evolve(row, event);
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A change of how `pair` reads to rows showing `columns` of it (all when absent). */
export function changedIn(pair: Pair, columns?: string[]): boolean {
  const { before, after } = pair;
  if (!before || !after) return before !== after;
  if (before === after) return false;
  for (const column of columns ?? Object.keys(after)) if (!same(before[column], after[column])) return true;
  return false;
}

/** Rows of `model` to push again (and re-stamp) because rows they show changed in `pairs` (by model name). */
export interface Touch {
  column: string;
  value: string;
  many: boolean;
}

const NONE: Touch[] = [];

function withTouch(touches: Map<string, Touch> | null, touch: Touch): Map<string, Touch> {
  return (touches ?? new Map<string, Touch>()).set(`${touch.column}:${touch.value}`, touch);
}

/** Written as plain loops: a rebuild asks it of every event a joined read model takes. */
export function touchesOf(model: ReadModel, pairs: Map<string, Pair[]>): Touch[] {
  let touches: Map<string, Touch> | null = null;
  for (const join of model.joins) {
    const changed = pairs.get(join.model);
    if (!changed) continue;
    for (const pair of changed) {
      const row = pair.after ?? pair.before;
      if (row && pair.before && changedIn(pair, join.shows)) touches = withTouch(touches, { column: join.column, value: String(row.id), many: join.many ?? false });
    }
  }
  for (const figure of model.figures) {
    const changed = pairs.get(figure.model);
    if (!changed) continue;
    for (const pair of changed) {
      if (!changedIn(pair, figure.when)) continue;
      for (const row of [pair.before, pair.after]) {
        const key = row?.[figure.by];
        if (typeof key === 'string') touches = withTouch(touches, { column: 'id', value: key, many: false });
      }
    }
  }
  return touches ? [...touches.values()] : NONE;
}

/** Where an event's rows are found and kept: a rebuild's memory, or a command's working set. */
export interface RowStore {
  get(id: string): Row | null;
  where(column: string, value: string): Row[];
  put(before: Row | null, after: Row | null): void;
  /** Moves updated_at of the rows `touch` names. */
  touch(touch: Touch, at: string): void;
  /**
   * Adds `counts` to the row `key` names (a tally's), without reading it. Without it, the row is
   * read, summed and put back (a rebuild's memory, where one fold alone writes).
   */
  add?(key: Row, counts: Record<string, number>): void;
}

/** What `pairs` change in the sums of `tallies`, by row id: the key row, and the counts to add. */
export function tallied(tallies: readonly Tally[], pairs: Map<string, Pair[]>): Map<string, { key: Row; counts: Record<string, number> }> {
  const sums = new Map<string, { key: Row; counts: Record<string, number> }>();
  const add = (tally: Tally, row: Row | null, sign: number) => {
    const key = row && tally.into(row);
    if (!key) return;
    const id = String(key.id).toLowerCase();
    let sum = sums.get(id);
    if (!sum) sums.set(id, (sum = { key, counts: {} }));
    for (const [column, n] of Object.entries(tally.count(row))) sum.counts[column] = (sum.counts[column] ?? 0) + sign * n;
  };
  for (const tally of tallies) {
    for (const { before, after } of pairs.get(tally.model) ?? []) {
      add(tally, before, -1);
      add(tally, after, 1);
    }
  }
  // A change that leaves every sum as it was (an office renamed) changes no row.
  for (const [id, sum] of sums) if (Object.values(sum.counts).every((n) => n === 0)) sums.delete(id);
  return sums;
}

/** `row` (or `key`, for none yet) with `counts` added; null when every sum is zero. Pure. */
export function addCounts(row: Row | null, key: Row, counts: Record<string, number>): Row | null {
  const next: Row = { ...(row ?? key) };
  for (const [column, n] of Object.entries(counts)) next[column] = ((next[column] as number | undefined) ?? 0) + n;
  return Object.values(next).every((value) => typeof value !== 'number' || value === 0) ? null : next;
}

/** Adds what the rows of other read models changed (in `pairs`) to the sums of a tallying `model`. */
function evolveTallies(model: ReadModel, store: RowStore, pairs: Map<string, Pair[]>): Pair[] {
  const changed: Pair[] = [];
  for (const [id, { key, counts }] of tallied(model.tallies, pairs)) {
    if (store.add) {
      store.add(key, counts);
      continue;
    }
    const row = store.get(id);
    const next = addCounts(row, key, counts);
    store.put(row, next);
    changed.push({ before: row, after: next });
  }
  return changed;
}

/**
 * Evolves the rows `event` changes in each of `models`, in order, into their stores; the pairs
 * say what changed, by model name, for the joins and figures of the models that show them.
 */
export function evolveEvent(models: Iterable<ReadModel>, storeOf: (model: ReadModel) => RowStore, event: BriefEvent, pairs = new Map<string, Pair[]>()) {
  for (const model of models) {
    if (pairs.has(model.name)) continue;
    const key = model.rows(event);
    if (!key) continue;
    const store = storeOf(model);
    const rows = key.column === 'id' ? [store.get(key.value)] : store.where(key.column, key.value);
    const changed: Pair[] = [];
    for (const row of rows) {
      if (!row && key.column !== 'id') continue;
      const next = model.evolve(row, event);
      if (next === row) continue;
      store.put(row, next);
      changed.push({ before: row, after: next });
    }
    pairs.set(model.name, changed);
  }
  // Sums last: they read what every other read model's rows became.
  for (const model of models) {
    if (model.tallies.length === 0 || pairs.has(model.name)) continue;
    pairs.set(model.name, evolveTallies(model, storeOf(model), pairs));
  }
  return pairs;
}
