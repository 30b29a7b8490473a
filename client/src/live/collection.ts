/**
 * One entity's rows held in the browser (the entity cache): rows by id, fed by REST answers and
 * by pushed rows. Every screen selects from it; no query owns it, so a narrow query (one
 * location's members for a dialog) never shrinks what another screen shows.
 *
 * Pure functions. A late or repeated message never moves a row backwards: a row is replaced only
 * by a newer one, a row that left the user's view stays out until a newer one brings it back,
 * and a deleted row (ids are never reused) stays deleted.
 */
import type { RemovedAt } from '@shared/realtime';

export interface Versioned {
  id: string;
  version: number;
  /**
   * When the row last changed. A row can change without its own stream moving (an office's
   * tenant text follows its member company's name), so at an equal version the later wins.
   */
  updated_at?: string;
}

/** True when `a` is strictly newer than `b`: a higher version, or the same one changed later. */
export function isNewer(a: Versioned | RemovedAt, b: Versioned | RemovedAt): boolean {
  if (a.version !== b.version) return a.version > b.version;
  return (a.updated_at ?? '') > (b.updated_at ?? '');
}

/** Who last changed a row, as the live layer saw it arrive. */
export interface Touch {
  /** When it arrived (ms). */
  at: number;
  /** The name of who made the change; null for the system or unknown. */
  by: string | null;
  /** This tab made it (its command's correlation id came back). */
  own: boolean;
}

export interface LiveCollection<R extends Versioned> {
  byId: Readonly<Record<string, R>>;
  /** Rows out of view: where they stood when they left, or 'deleted' for good. */
  removed: Readonly<Record<string, RemovedAt | 'deleted'>>;
  /** The latest change of each row seen live, for the "updated by" mark. */
  touched: Readonly<Record<string, Touch>>;
}

export function emptyCollection<R extends Versioned>(): LiveCollection<R> {
  return { byId: {}, removed: {}, touched: {} };
}

/** Applies one row. Returns the same object when nothing changes. */
export function applyRow<R extends Versioned>(collection: LiveCollection<R>, row: R, touch?: Touch): LiveCollection<R> {
  const gone = collection.removed[row.id];
  if (gone === 'deleted' || (gone && !isNewer(row, gone))) return collection;
  const current = collection.byId[row.id];
  if (current && !isNewer(row, current)) return collection;
  const { [row.id]: _back, ...removed } = collection.removed;
  return {
    byId: { ...collection.byId, [row.id]: row },
    removed: gone ? removed : collection.removed,
    touched: touch ? { ...collection.touched, [row.id]: touch } : collection.touched,
  };
}

/**
 * Takes a row out of view: deleted (no `at`), or out of the user's scope at `at`. A copy held
 * that is newer than `at` stays (it came back in a later change that arrived first).
 */
export function removeRow<R extends Versioned>(collection: LiveCollection<R>, id: string, at?: RemovedAt): LiveCollection<R> {
  const current = collection.byId[id];
  if (at && current && isNewer(current, at)) return collection;
  const previous = collection.removed[id];
  if (previous === 'deleted' || (at && previous && !isNewer(at, previous))) return collection;
  const { [id]: _gone, ...byId } = collection.byId;
  return { ...collection, byId, removed: { ...collection.removed, [id]: at ?? 'deleted' } };
}

/** One pushed change of a row: its new copy (with who made it), or, with `row` null, its removal (deleted, or out of view at `removed_at`). */
export interface CollectionChange<R extends Versioned> {
  id: string;
  row: R | null;
  touch?: Touch;
  removed_at?: RemovedAt;
}

/**
 * Applies a batch of changes as applyRow and removeRow would one after another, copying the
 * collection's records once for the whole batch (not once per row): a burst of pushes into a
 * collection of thousands of rows costs one copy. Returns the same object when nothing changes.
 */
export function applyChanges<R extends Versioned>(collection: LiveCollection<R>, changes: readonly CollectionChange<R>[]): LiveCollection<R> {
  let byId: Record<string, R> | null = null;
  let removed: Record<string, RemovedAt | 'deleted'> | null = null;
  let touched: Record<string, Touch> | null = null;
  for (const change of changes) {
    const rows = byId ?? collection.byId;
    const gone = (removed ?? collection.removed)[change.id];
    const current = rows[change.id];
    if (change.row !== null) {
      const row = change.row;
      if (gone === 'deleted' || (gone && !isNewer(row, gone))) continue;
      if (current && !isNewer(row, current)) continue;
      (byId ??= { ...collection.byId })[row.id] = row;
      if (gone) delete (removed ??= { ...collection.removed })[row.id];
      if (change.touch) (touched ??= { ...collection.touched })[row.id] = change.touch;
    } else {
      const at = change.removed_at;
      if (at && current && isNewer(current, at)) continue;
      if (gone === 'deleted' || (at && gone && !isNewer(at, gone))) continue;
      if (current) delete (byId ??= { ...collection.byId })[change.id];
      (removed ??= { ...collection.removed })[change.id] = at ?? 'deleted';
    }
  }
  if (!byId && !removed && !touched) return collection;
  return { byId: byId ?? collection.byId, removed: removed ?? collection.removed, touched: touched ?? collection.touched };
}

/**
 * Merges a REST answer for one query: its rows are kept at the newer of the two copies (a push
 * that arrived while the request was in flight survives). Rows inside the query's scope that the
 * answer lacks are gone for this user, unless they were pushed since the request started; rows
 * outside its scope are not the answer's business and stay.
 */
export function mergeSnapshot<R extends Versioned>(
  collection: LiveCollection<R>,
  rows: R[],
  inScope: (row: R) => boolean = () => true,
  pushedSince: ReadonlySet<string> = new Set(),
): LiveCollection<R> {
  const answered = new Set(rows.map((row) => row.id));
  const byId: Record<string, R> = {};
  for (const [id, row] of Object.entries(collection.byId)) {
    if (answered.has(id) || !inScope(row) || pushedSince.has(id)) byId[id] = row;
  }
  let next: LiveCollection<R> = { ...collection, byId };
  for (const row of rows) next = applyRow(next, row);
  return next;
}

export function rowsOf<R extends Versioned>(collection: LiveCollection<R>): R[] {
  return Object.values(collection.byId);
}
