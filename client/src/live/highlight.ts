import type { Touch } from './collection';

/** How long a row carries the "updated by" mark after someone else changed it. */
export const HIGHLIGHT_MS = 4000;

/**
 * The change to mark on a row, or null: recent, and someone else's. Own changes are known
 * exactly, by the command's correlation id coming back with the push.
 */
export function highlightOf(touched: Readonly<Record<string, Touch>>, id: string, now = Date.now()): Touch | null {
  const touch = touched[id];
  if (!touch || touch.own || now - touch.at > HIGHLIGHT_MS) return null;
  return touch;
}
