/** Rows by id, also held in one order, changed one row at a time without sorting them all again. */
export interface SortedRows<R extends { id: string }> {
  /** Puts `row` in place of the row of its id (if any); null removes the row of `id`. */
  set(id: string, row: R | null): void;
  /** The rows in order, from the first one `from` does not place before (binary search). */
  from(before: (row: R) => boolean): Iterable<R>;
  all(): Iterable<R>;
}

/**
 * `compare` must be total (an id last), so the row of an id is found again by binary search:
 * a change costs a search and a splice, not a sort of every row.
 */
export function createSortedRows<R extends { id: string }>(compare: (a: R, b: R) => number): SortedRows<R> {
  const byId = new Map<string, R>();
  const rows: R[] = [];
  /** The first index whose row `before` does not hold for (rows before it: before). */
  const search = (before: (row: R) => boolean) => {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(rows[mid]!)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  function* walk(start: number) {
    for (let i = start; i < rows.length; i++) yield rows[i]!;
  }
  return {
    set(id, row) {
      const held = byId.get(id);
      if (held) {
        rows.splice(
          search((r) => compare(r, held) < 0),
          1,
        );
        byId.delete(id);
      }
      if (!row) return;
      byId.set(id, row);
      rows.splice(
        search((r) => compare(r, row) < 0),
        0,
        row,
      );
    },
    from: (before) => walk(search(before)),
    all: () => walk(0),
  };
}
