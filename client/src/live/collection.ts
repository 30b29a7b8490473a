/**
 * A read model held in the browser: rows by id, fed by REST snapshots and by pushed rows.
 * Pure functions; a late or repeated message never moves a row backwards, because a row is
 * replaced only by a higher version, and a removed id (ids are never reused) stays removed.
 */
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
export function isNewer(a: Versioned, b: Versioned): boolean {
  if (a.version !== b.version) return a.version > b.version;
  return (a.updated_at ?? '') > (b.updated_at ?? '');
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LiveCollection<R extends Versioned> {
  byId: Readonly<Record<string, R>>;
  removed: Readonly<Record<string, true>>;
  status: LoadStatus;
  /** Ids changed by other people recently, for a brief highlight. */
  touched: Readonly<Record<string, number>>;
}

export function emptyCollection<R extends Versioned>(): LiveCollection<R> {
  return { byId: {}, removed: {}, status: 'idle', touched: {} };
}

/** Applies one pushed row (null: the row no longer exists). Returns the same object when nothing changes. */
export function applyRow<R extends Versioned>(
  collection: LiveCollection<R>,
  id: string,
  row: R | null,
  at?: number,
): LiveCollection<R> {
  if (collection.removed[id]) return collection;
  if (row === null) {
    const { [id]: _gone, ...byId } = collection.byId;
    return { ...collection, byId, removed: { ...collection.removed, [id]: true } };
  }
  const current = collection.byId[id];
  if (current && !isNewer(row, current)) return collection;
  return {
    ...collection,
    byId: { ...collection.byId, [id]: row },
    touched: at === undefined ? collection.touched : { ...collection.touched, [id]: at },
  };
}

/**
 * Merges a REST snapshot: each row is kept at the newer of the two versions, so a push that
 * arrived while the request was in flight survives. Rows the snapshot lacks are dropped unless
 * they are newer pushes: a snapshot is the truth for what the user may see.
 */
export function mergeSnapshot<R extends Versioned>(
  collection: LiveCollection<R>,
  rows: R[],
  pushedSince: ReadonlySet<string> = new Set(),
): LiveCollection<R> {
  const byId: Record<string, R> = {};
  for (const row of rows) {
    if (collection.removed[row.id]) continue;
    const current = collection.byId[row.id];
    byId[row.id] = current && isNewer(current, row) ? current : row;
  }
  for (const id of pushedSince) {
    const pushed = collection.byId[id];
    if (pushed && !byId[id]) byId[id] = pushed;
  }
  return { ...collection, byId, status: 'ready' };
}

export function rowsOf<R extends Versioned>(collection: LiveCollection<R>): R[] {
  return Object.values(collection.byId);
}
