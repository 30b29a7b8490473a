import { useEffect, useState } from 'react';
import { reasonOf } from './errorText';

/** Typing pauses this long before a request is sent. */
const DEBOUNCE_MS = 150;

export type FetchState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; message: string };

type Answer<T> = { key: string; value: T } | { key: string; message: string };

/**
 * `load(signal)` for `key`, sent once typing pauses; a newer key cancels the request of an older
 * one, so an early slow answer never replaces a later one, and until the answer for this key
 * arrives the state is 'loading' (never the previous key's answer). An empty key is 'idle'.
 */
export function useDebouncedFetch<T>(key: string, load: (signal: AbortSignal) => Promise<T>): FetchState<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      load(controller.signal).then(
        (value) => setAnswer({ key, value }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ key, message: reasonOf(error) });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `load` is a fresh closure each render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!key) return { status: 'idle' };
  if (answer?.key !== key) return { status: 'loading' };
  return 'value' in answer ? { status: 'done', value: answer.value } : { status: 'failed', message: answer.message };
}
