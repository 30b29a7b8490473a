import type { Pool } from '../../events/store/types';
import { caughtUp, type ChangeFeed } from './changeFeed';

export interface FeedMemo<T> {
  /** The answer under `key`, computed from the read models once per change of the log. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
}

/** Answers kept at most; past it the memo starts over (keys are per user and location). */
const MAX_ENTRIES = 1_000;

/**
 * Answers computed from the read models, kept until the next batch of the log reaches this
 * process (any batch: an answer that names recent events changes with every event). A read
 * first waits for this process's own last commit, so a writer sees its write; another node's
 * write empties the memo as soon as the feed follows it, as it does for the live push. An answer
 * whose computation overlapped a batch is returned but not kept, for it may predate the batch.
 */
export function createFeedMemo<T>(sql: Pool, feed: ChangeFeed): FeedMemo<T> {
  const answers = new Map<string, T>();
  let generation = 0;
  feed.listen(async () => {
    generation += 1;
    answers.clear();
  });
  return {
    async get(key, compute) {
      await caughtUp(sql, feed);
      const kept = answers.get(key);
      if (kept !== undefined) return kept;
      const started = generation;
      const answer = await compute();
      if (generation === started) {
        if (answers.size >= MAX_ENTRIES) answers.clear();
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
