/**
 * Which pushed changes were someone else's: the live layer stamps every pushed row in
 * `touched`, including the echo of this tab's own writes, so screens note their own writes here
 * and highlight only the rest.
 */
const own = new Map<string, number>();
const OWN_WINDOW_MS = 5000;
/** How long a change stays highlighted. */
export const HIGHLIGHT_MS = 4000;

/** Call just before this tab changes a row, so its echo is not highlighted. */
export function markOwnChange(id: string) {
  own.set(id, Date.now());
}

/** The time to highlight a row from, or null: recent, and not this tab's own write. */
export function highlightSince(touched: Readonly<Record<string, number>>, id: string, now = Date.now()): number | null {
  const at = touched[id];
  if (at === undefined || now - at > HIGHLIGHT_MS) return null;
  const mine = own.get(id);
  if (mine !== undefined && at >= mine && at - mine < OWN_WINDOW_MS) return null;
  return at;
}
