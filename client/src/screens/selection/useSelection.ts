import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isTypingTarget } from '../../shell/shortcuts/shortcutKeys';
import { clickRow, EMPTY_SELECTION, keepVisible, selectAll, selectedInOrder, type Selection } from './rangeSelection';
import type { SelectionApi } from './SelectionContext';

/**
 * A screen's ticked rows over the rows it shows (`visible`, in screen order). Rows that leave the
 * screen leave the selection; Escape clears it (not while typing, and not when a dialog has it).
 */
export function useSelection(visible: readonly string[]) {
  const [raw, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const selection = useMemo(() => keepVisible(raw, visible), [raw, visible]);
  // The clicks read the rows on screen when they happen: the callbacks (and the context's value
  // every row's box reads) stay the same while pushes reorder or change the rows.
  const shown = useRef(visible);
  useLayoutEffect(() => {
    shown.current = visible;
  }, [visible]);
  const clear = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const toggle = useCallback((id: string, range: boolean) => setSelection((s) => clickRow(keepVisible(s, shown.current), id, shown.current, range)), []);
  const all = useCallback(() => setSelection((s) => selectAll(keepVisible(s, shown.current), shown.current)), []);
  const count = selection.ids.size;

  useEffect(() => {
    if (count === 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="alertdialog"]')) return;
      clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, clear]);

  const api: SelectionApi = useMemo(() => ({ isSelected: (id) => selection.ids.has(id), toggle, active: selection.ids.size > 0 }), [selection, toggle]);
  const ordered = useMemo(() => selectedInOrder(selection, visible), [selection, visible]);
  return { api, ordered, count, clear, selectAll: all, allSelected: visible.length > 0 && count === visible.length };
}
