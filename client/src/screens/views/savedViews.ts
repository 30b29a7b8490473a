/**
 * Saved views: a name and the view's query text, kept per user and screen in the browser. Pure
 * list rules here; the storage key names the user, so people sharing a browser keep their own.
 */

export interface SavedView {
  name: string;
  /** The view's query text (viewQuery.ts), what a link to it carries. */
  query: string;
}

export type ViewScreen = 'deals' | 'offices';

export const savedViewsKey = (screen: ViewScreen, userId: string) => `savedViews.${screen}.${userId}`;

/** What storage held, or [] for anything that is not a list of views (an old or hand-edited entry). */
export function parseSavedViews(stored: string | null): SavedView[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value.filter((v): v is SavedView => typeof v === 'object' && v !== null && typeof (v as SavedView).name === 'string' && typeof (v as SavedView).query === 'string');
  } catch {
    return [];
  }
}

/** Trimmed; a name already used (ignoring case) is replaced in place, a new one goes last. */
export function withSavedView(views: readonly SavedView[], name: string, query: string): SavedView[] {
  const trimmed = name.trim();
  if (!trimmed) return [...views];
  const same = (v: SavedView) => v.name.toLowerCase() === trimmed.toLowerCase();
  if (views.some(same)) return views.map((v) => (same(v) ? { name: trimmed, query } : v));
  return [...views, { name: trimmed, query }];
}

export const withoutSavedView = (views: readonly SavedView[], name: string) => views.filter((v) => v.name !== name);

/** The saved view the address shows now, if any (the menu marks it). */
export const currentSavedView = (views: readonly SavedView[], query: string) => views.find((v) => v.query === query) ?? null;
