import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A report's choices kept in the address (?period=this_quarter&as_of=2025-03-01), so a report can
 * be shared, bookmarked and reloaded as it was. A value that is not one of `allowed` reads as the first.
 */
export function useReportParam<V extends string>(name: string, allowed: (value: string) => boolean, fallback: V): [V, (value: V | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && allowed(raw) ? (raw as V) : fallback;
  const set = useCallback(
    (next: V | null) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === null || next === fallback) copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: true },
      ),
    [name, fallback, setParams],
  );
  return [value, set];
}
