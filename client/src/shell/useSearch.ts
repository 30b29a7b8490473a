import { useEffect, useState } from 'react';
import type { SearchResult } from '@shared/schemas/search';
import { endpoints } from '../api/endpoints';
import { reasonOf } from '../lib/errorText';

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 150;

export type SearchState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; results: SearchResult[] } | { status: 'failed'; message: string };

type Answer = { q: string; results: SearchResult[] } | { q: string; message: string };

/**
 * The server's answer for `text`, debounced; a newer text cancels the request of an older one,
 * so an early slow answer never replaces a later one. Until the answer for the text arrives, the
 * state is 'loading'.
 */
export function useSearch(text: string): SearchState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const q = text.trim();
  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      endpoints.search(q, controller.signal).then(
        (results) => setAnswer({ q, results }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ q, message: reasonOf(error) });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  if (!q) return { status: 'idle' };
  // Never the previous text's results while loading: Enter would open one of them.
  if (answer?.q !== q) return { status: 'loading' };
  return 'results' in answer ? { status: 'done', results: answer.results } : { status: 'failed', message: answer.message };
}
