/**
 * Which rows are ticked, as in a mail client: a click toggles one row and makes it the anchor;
 * a shift-click sets every visible row between the anchor and it to the anchor's new state.
 * Pure: ids in, ids out; the order is the one on screen.
 */

export interface Selection {
  ids: ReadonlySet<string>;
  /** The row of the last plain click: where a shift-click's range starts. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** A click on `id`'s box (`range`: with Shift). `visible` is the rows as they stand on screen, in order. */
export function clickRow(selection: Selection, id: string, visible: readonly string[], range: boolean): Selection {
  const anchorAt = selection.anchor ? visible.indexOf(selection.anchor) : -1;
  const at = visible.indexOf(id);
  if (range && anchorAt >= 0 && at >= 0) {
    const [from, to] = anchorAt <= at ? [anchorAt, at] : [at, anchorAt];
    // The range takes the anchor's state: ticking from a ticked row ticks them all, and so on.
    const tick = selection.ids.has(selection.anchor!);
    const ids = new Set(selection.ids);
    for (const rowId of visible.slice(from, to + 1)) {
      if (tick) ids.add(rowId);
      else ids.delete(rowId);
    }
    return { ids, anchor: selection.anchor };
  }
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Every visible row, added to what was ticked. */
export function selectAll(selection: Selection, visible: readonly string[]): Selection {
  return { ids: new Set([...selection.ids, ...visible]), anchor: selection.anchor };
}

/** Rows no longer on screen (filtered out, deleted, moved away by someone) leave the selection. */
export function keepVisible(selection: Selection, visible: readonly string[]): Selection {
  const shown = new Set(visible);
  if ([...selection.ids].every((id) => shown.has(id)) && (!selection.anchor || shown.has(selection.anchor))) return selection;
  return { ids: new Set([...selection.ids].filter((id) => shown.has(id))), anchor: selection.anchor && shown.has(selection.anchor) ? selection.anchor : null };
}

/** The ticked rows in screen order (the order a bulk action works through them). */
export const selectedInOrder = (selection: Selection, visible: readonly string[]) => visible.filter((id) => selection.ids.has(id));
