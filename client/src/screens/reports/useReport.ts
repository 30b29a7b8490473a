import { useEffect, useRef, useState } from 'react';
import { liveCollection } from '../../live/registry';
import { liveEpochAtom } from '../../live/liveState';
import { useAtomValue } from '../../state/jotai';

/** Changes arriving within this long of each other reload the report once. */
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
 * A report for the current choices (`key` names them): loaded at once when they change, and
 * again whenever an office or location the user may see changes (the socket pushes those rows
 * into the live cache, and a report is a sum over them). Changes are throttled, not debounced:
 * during a long burst (an import) the report still reloads every SETTLE_MS or so, one request at
 * a time. An answer for older choices never replaces a newer one.
 */
/**
 * One report's loads: a load for new choices replaces the one under way; a reload for the same
 * choices waits for it and then runs once; changes within SETTLE_MS of each other make one reload.
 */
class ReportLoader<T> {
  private key = '';
  private load: (signal: AbortSignal) => Promise<T> = () => Promise.reject(new Error('No report yet'));
  private flight: { key: string; controller: AbortController } | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly set: (update: (state: Loaded<T>) => Loaded<T>) => void) {}

  choose(key: string, load: (signal: AbortSignal) => Promise<T>) {
    this.key = key;
    this.load = load;
  }

  run() {
    const forKey = this.key;
    if (this.flight) {
      if (this.flight.key === forKey) {
        this.again = true;
        return;
      }
      this.flight.controller.abort();
    }
    const controller = new AbortController();
    this.flight = { key: forKey, controller };
    this.load(controller.signal)
      .then(
        (data) => this.set(() => ({ data, key: forKey, error: null, errorKey: null })),
        (error: unknown) => {
          if (!controller.signal.aborted) this.set((s) => ({ ...s, error, errorKey: forKey }));
        },
      )
      .finally(() => {
        if (this.flight?.controller !== controller) return;
        this.flight = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }

  /** Rows changed: reload once things settle a little, at most once a SETTLE_MS. */
  changed() {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.run();
    }, SETTLE_MS);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flight?.controller.abort();
    this.flight = null;
    this.again = false;
  }
}

/**
 * A report for the current choices (`key` names them): loaded at once when they change, and
 * again whenever an office or location the user may see changes (the socket pushes those rows
 * into the live cache, and a report is a sum over them). Changes are throttled, not debounced:
 * during a long burst (an import) the report still reloads every SETTLE_MS or so, one request at
 * a time. An answer for older choices never replaces a newer one.
 */
export function useReport<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ReportState<T> {
  const offices = useAtomValue(officesLive);
  const locations = useAtomValue(locationsLive);
  const epoch = useAtomValue(liveEpochAtom);
  const [state, setState] = useState<Loaded<T>>({ data: null, key: null, error: null, errorKey: null });
  const [loader] = useState(() => new ReportLoader<T>(setState));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => loader.choose(key, load));
  // New choices (or Retry): now.
  useEffect(() => {
    loader.choose(key, load);
    loader.run();
    // `load` is the caller's closure over these same choices: `key` names them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, loader]);
  // Rows changed (not on the first render: the load above covers it).
  const seen = useRef({ offices, locations, epoch });
  useEffect(() => {
    const before = seen.current;
    seen.current = { offices, locations, epoch };
    if (before.offices !== offices || before.locations !== locations || before.epoch !== epoch) loader.changed();
  }, [offices, locations, epoch, loader]);
  useEffect(() => () => loader.stop(), [loader]);

  return {
    data: state.data,
    stale: state.key !== key,
    error: state.errorKey === key ? state.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
