import type { StoredEvent } from '../../events/store/types';
import type { ChangeMessage } from '@shared/realtime';

/** The log's events in (from, until] and the rows they changed, as loaded after `until`. */
export interface LogSlice {
  from: number;
  until: number;
  events: StoredEvent[];
  /** One per event, in order; not yet filtered for any user. */
  messages: ChangeMessage[];
}

export interface SharedReadsOptions {
  /** Reads the events in (from, until] and loads the rows they changed. */
  read(from: number, until: number): Promise<LogSlice>;
  /** How far the log has been followed now: a new read goes at least that far. */
  head(): number;
  /** The most positions one read covers. */
  maxSpan: number;
  /** How long a finished read serves later sockets from the same position. */
  keepMs?: number;
  /** Reads kept at most (the oldest go first). */
  maxKept?: number;
}

const KEEP_MS = 10_000;
const MAX_KEPT = 64;

/**
 * What a socket missed, read once for every socket that comes back from the same position: after
 * a restart hundreds of tabs reconnect from the last position their node pushed, and each would
 * otherwise read the same events and load the same rows. A read started for one socket goes as
 * far as the log has been followed (not only to that socket's own position), so the tabs that come
 * a moment later find it covers them; one that needs further gets a second read from where the
 * first ended, itself shared. Rows are loaded after the read's last event, so they are never older
 * than what a socket that joined its rooms meanwhile could have been pushed (rows merge by
 * version: a row received twice is harmless). A failed read is not kept.
 */
export function sharedReads(options: SharedReadsOptions) {
  const keepMs = options.keepMs ?? KEEP_MS;
  const maxKept = options.maxKept ?? MAX_KEPT;
  const kept = new Map<number, { until: number; at: number; slice: Promise<LogSlice> }>();

  function prune(now: number) {
    for (const [from, entry] of kept) if (now - entry.at > keepMs) kept.delete(from);
    // A Map iterates in insertion order: the first are the oldest.
    for (const from of kept.keys()) {
      if (kept.size <= maxKept) break;
      kept.delete(from);
    }
  }

  function sliceFrom(from: number, until: number): Promise<LogSlice> {
    const now = performance.now();
    prune(now);
    const entry = kept.get(from);
    if (entry) return entry.slice;
    const to = Math.min(from + options.maxSpan, Math.max(until, options.head()));
    const slice = options.read(from, to);
    kept.set(from, { until: to, at: now, slice });
    slice.catch(() => {
      if (kept.get(from)?.slice === slice) kept.delete(from);
    });
    return slice;
  }

  /** The slices that together hold (since, until], in order. */
  return async function missed(since: number, until: number): Promise<LogSlice[]> {
    const slices: LogSlice[] = [];
    let from = since;
    while (from < until) {
      const slice = await sliceFrom(from, until);
      slices.push(slice);
      // A read never ends before its start; guard the loop all the same.
      if (slice.until <= from) break;
      from = slice.until;
    }
    return slices;
  };
}
