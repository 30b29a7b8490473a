import { useState } from 'react';
import { shareList } from './sharedList';

/**
 * `next`, or the list this component returned before when it holds the same items in the same
 * order (shareList). The kept list lives in state, replaced during render when it differs: React
 * re-runs this component at once, before its children, so no stale list ever shows.
 */
export function useSharedList<T>(next: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(next);
  const shared = shareList(kept, next);
  if (shared !== kept) setKept(shared);
  return shared;
}
