import { useEffect, useState } from 'react';
import type { Touch } from './collection';
import { LIVE_MARK_MS, markOf } from './highlight';

/**
 * A row's "Updated by" mark while it lasts: the latest change by someone else, for LIVE_MARK_MS
 * after it arrived. Re-renders once when the mark runs out, so it goes without waiting for
 * another change. A change older than the component is not shown.
 */
export function useLiveMark(touch: Touch | undefined): Touch | null {
  const [now, setNow] = useState(() => Date.now());
  const mark = markOf(touch, now);
  useEffect(() => {
    if (!mark) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, mark.at + LIVE_MARK_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [mark]);
  return mark;
}
