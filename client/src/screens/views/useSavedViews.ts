import { useCallback, useState } from 'react';
import { useUser } from '../../auth/session';
import { parseSavedViews, savedViewsKey, withoutSavedView, withSavedView, type SavedView, type ViewScreen } from './savedViews';

function read(key: string): SavedView[] {
  try {
    return parseSavedViews(localStorage.getItem(key));
  } catch {
    return [];
  }
}

/** The signed-in user's saved views of a screen, kept in this browser's local storage. */
export function useSavedViews(screen: ViewScreen) {
  const key = savedViewsKey(screen, useUser().id);
  const [views, setViews] = useState(() => read(key));
  const write = useCallback(
    (next: SavedView[]) => {
      setViews(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch (error) {
        // Private browsing or a full storage: the view lasts for this visit only.
        console.error('Failed to keep the saved views', error);
      }
    },
    [key],
  );
  const save = useCallback((name: string, query: string) => write(withSavedView(read(key), name, query)), [key, write]);
  const remove = useCallback((name: string) => write(withoutSavedView(read(key), name)), [key, write]);
  return { views, save, remove };
}
