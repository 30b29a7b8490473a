import type { Touch } from './collection';

/** How long a row says who changed it after someone else did ("Updated by <name>"). */
export const LIVE_MARK_MS = 10_000;

/**
 * The change to mark on a row, or null: recent, and someone else's. Own changes are known
 * exactly, by the command's correlation id coming back with the push, and are never marked.
 */
export function markOf(touch: Touch | undefined | null, now: number): Touch | null {
  if (!touch || touch.own || now - touch.at > LIVE_MARK_MS) return null;
  return touch;
}
