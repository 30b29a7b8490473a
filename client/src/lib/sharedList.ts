/**
 * Structural sharing for the lists a screen derives from its rows (filtered, sorted, their ids):
 * when a push leaves a derived list as it was (same items, same order), the previous list is
 * kept, so what depends on its identity (memoised figures, the selection's callbacks, memoised
 * rows) stays as it was too. Items are compared by identity: the live collection keeps the
 * objects of rows a push did not change, so only the pushed row is a new item.
 */
export function shareList<T>(previous: readonly T[] | undefined, next: readonly T[]): readonly T[] {
  if (!previous || previous === next) return next;
  if (previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}
