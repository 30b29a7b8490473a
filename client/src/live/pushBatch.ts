/** The longest a pushed change waits for a frame (a hidden tab gets none). */
export const BATCH_MAX_WAIT_MS = 100;

/** Runs `run` once: at the next frame, or after BATCH_MAX_WAIT_MS if no frame comes first. Returns its cancel. */
export function nextFrameOrTimeout(run: () => void): () => void {
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null;
  const timer = setTimeout(run, BATCH_MAX_WAIT_MS);
  return () => {
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export interface PushBatch<T> {
  /** Queues one item; the batch is handed over once the schedule fires. */
  add: (item: T) => void;
  /** Hands over what is queued now (before anything that must see it applied). */
  flush: () => void;
  /** Forgets what is queued (the session is over). */
  drop: () => void;
}

/**
 * Pushes that arrive close together (one socket frame each, a burst of them in one animation
 * frame) are applied together: one state update, so the screens render once for the lot, not
 * once per message. `schedule` decides when a batch closes (the next frame, by default).
 */
export function createPushBatch<T>(apply: (items: T[]) => void, schedule: (run: () => void) => () => void = nextFrameOrTimeout): PushBatch<T> {
  let pending: T[] = [];
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel?.();
    cancel = null;
    const items = pending;
    pending = [];
    if (items.length > 0) apply(items);
  };
  return {
    add(item) {
      pending.push(item);
      cancel ??= schedule(flush);
    },
    flush,
    drop() {
      cancel?.();
      cancel = null;
      pending = [];
    },
  };
}
