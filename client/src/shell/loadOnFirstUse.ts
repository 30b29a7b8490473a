import { useEffect, useState } from 'react';
import { toast } from 'sonner';

/**
 * Code the shell shows only on demand (the command palette, the account menu's dropdown) stays out
 * of a first visit's files: it is fetched the first time it is wanted and kept from then on. A
 * failed fetch says so and is tried again the next time.
 */
export function lazyPart<T>(what: string, load: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const fetchPart = () => {
    pending ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        pending = null;
        toast.error(`The ${what} could not be loaded`, { description: 'Check the connection and try again.' });
        throw error;
      },
    );
    return pending;
  };
  return {
    /** Starts the fetch early (a pointer over the button) so opening finds it there. */
    preload: () => void fetchPart().catch(() => {}),
    /** The part once `wanted` has been true (it was asked for), null until it has arrived. */
    useLoaded(wanted: boolean): T | null {
      const [part, setPart] = useState(loaded);
      useEffect(() => {
        if (!wanted || part) return;
        let live = true;
        fetchPart().then(
          (value) => live && setPart(() => value),
          () => {},
        );
        return () => {
          live = false;
        };
      }, [wanted, part]);
      return part;
    },
  };
}
