import { useLayoutEffect, useMemo, useRef } from 'react';
import type { SelectionApi } from '../selection/SelectionContext';

/**
 * The tick boxes' context as the same object while the ticks stay the same. useSelection's api
 * follows the rows on screen (a range click needs their order), so a pushed move that only
 * reorders the board would hand every card's box a new context and re-render them all; this one
 * changes only when what is ticked changes, and its toggle reads the latest order when clicked.
 */
export function useSteadySelection(api: SelectionApi, ordered: readonly string[]): SelectionApi {
  const latest = useRef(api);
  useLayoutEffect(() => {
    latest.current = api;
  });
  const ticked = ordered.join('\n');
  const { active } = api;
  return useMemo(() => {
    const ids = new Set(ticked ? ticked.split('\n') : []);
    return { isSelected: (id: string) => ids.has(id), active, toggle: (id: string, range: boolean) => latest.current.toggle(id, range) };
  }, [ticked, active]);
}
