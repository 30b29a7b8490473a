import { lastAnnounced } from '../../events/store/announce';
import { headPosition, safeHorizon } from '../../events/store/append';
import { subscribe } from '../../events/store/subscribe';
import type { Pool, StoredEvent } from '../../events/store/types';
import type { ChangeMessage } from '@shared/realtime';
import { changesFor } from './changes';

/** Told of each batch of the log, in order, with the rows the batch changed. */
export type ChangeListener = (events: StoredEvent[], messages: ChangeMessage[]) => Promise<void>;

/** Whether the feed follows the log, and why not when it does not. */
export type FeedStatus = { following: true } | { following: false; reason: string };

export interface ChangeFeed {
  /** The last log position every listener has handled. */
  position(): number;
  /** Whether its last look at the log succeeded: false while the database is out of reach. */
  status(): FeedStatus;
  /** Told when the feed stops following the log (a look failed) and when it follows again. */
  onStatus(listener: (status: FeedStatus) => void): void;
  /** Resolves once every event up to `position` has been handled by every listener. */
  waitFor(position: number): Promise<void>;
  listen(listener: ChangeListener): void;
  stop(): Promise<void>;
}

/**
 * The server's one follower of the log: from the safe horizon at start, it turns each batch of
 * events into the changed rows (one load per entity) and hands both to its listeners (the live
 * gateway, the in-memory lists). One subscription and one row load per batch, however many
 * consumers. A failing listener is reported and does not hold back the others.
 */
export async function createChangeFeed(sql: Pool, onError: (error: unknown) => void): Promise<ChangeFeed> {
  const listeners: ChangeListener[] = [];
  const watchers: ((status: FeedStatus) => void)[] = [];
  let status: FeedStatus = { following: true };
  const tell = (next: FeedStatus) => {
    status = next;
    for (const watcher of watchers) watcher(next);
  };
  const subscription = await subscribe(sql, {
    from: await safeHorizon(sql),
    // The follower looks at the log at least once a second, so it is the first to know that
    // the database went away, and that it is back (it then resumes from its position).
    onError: (error) => {
      if (status.following) tell({ following: false, reason: error instanceof Error ? error.message : String(error) });
      onError(error);
    },
    onRecover: () => tell({ following: true }),
    handle: async (events) => {
      const messages = await changesFor(sql, events);
      for (const listener of listeners) await listener(events, messages).catch(onError);
    },
  });
  return {
    position: () => subscription.position(),
    status: () => status,
    onStatus: (watcher) => void watchers.push(watcher),
    waitFor: (position) => subscription.waitFor(position),
    listen: (listener) => void listeners.push(listener),
    stop: () => subscription.stop(),
  };
}

/** How long a read waits for the feed to reach this process's last commit before giving up. */
const CATCH_UP_MS = 5_000;

/**
 * Resolves once `feed` has handled every commit made so far, by this process or any other node
 * on the database: what a memory copy kept by the feed waits for before it answers, so a client
 * reads its own writes and never a row older than a commit another node already answered for.
 */
export async function caughtUp(sql: Pool, feed: ChangeFeed): Promise<void> {
  const target = Math.max(lastAnnounced(sql), await headPosition(sql));
  if (target <= feed.position()) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      feed.waitFor(target),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the change feed is behind the log')), CATCH_UP_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
