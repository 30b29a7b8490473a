import { useEffect, useRef, useState } from 'react';
import { liveCollection } from '../../live/registry';
import { liveEpochAtom } from '../../live/liveState';
import { useAtomValue } from '../../state/jotai';

/** Changes arriving this close together reload the report once. */
const SETTLE_MS = 400;

const officesLive = liveCollection('offices');
const locationsLive = liveCollection('locations');

export interface ReportState<T> {
  /** The last report loaded, kept on screen while one for other choices loads. */
  data: T | null;
  /** `data` is for other choices than the current ones (a newer report is on its way). */
  stale: boolean;
  /** Why the report for the current choices did not load. */
  error: unknown;
  retry(): void;
}

interface Loaded<T> {
  data: T | null;
  key: string | null;
  error: unknown;
  errorKey: string | null;
}

/**
 * A report for the current choices (`key` names them), loaded at once when they change and
 * again, settled, whenever an office or location the user may see changes: the socket pushes
 * those rows into the live cache, and a report is a sum over them. An answer for older choices
 * never replaces a newer one.
 */
export function useReport<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ReportState<T> {
  const offices = useAtomValue(officesLive);
  const locations = useAtomValue(locationsLive);
  const epoch = useAtomValue(liveEpochAtom);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T>>({ data: null, key: null, error: null, errorKey: null });
  const shownKey = useRef<string | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        loadRef.current(controller.signal).then(
          (data) => {
            shownKey.current = key;
            setState({ data, key, error: null, errorKey: null });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) setState((s) => ({ ...s, error, errorKey: key }));
          },
        );
      },
      shownKey.current === key ? SETTLE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, offices, locations, epoch, attempt]);

  return {
    data: state.data,
    stale: state.key !== key,
    error: state.errorKey === key ? state.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
