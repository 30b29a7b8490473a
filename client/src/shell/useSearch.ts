import type { SearchResult } from '@shared/schemas/search';
import { endpoints } from '../api/endpoints';
import { useDebouncedFetch, type FetchState } from '../lib/useDebouncedFetch';

export type SearchState = FetchState<SearchResult[]>;

/** The server's ranked answer for `text` (debounced; see useDebouncedFetch). */
export function useSearch(text: string): SearchState {
  const q = text.trim();
  return useDebouncedFetch(q, (signal) => endpoints.search(q, signal));
}
