import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../../projections/engine/changeFeed';
import { createFeedMemo } from '../../projections/engine/feedMemo';
import type { Pool } from '../../events/store/types';

/** A change feed that delivers batches when the test says so; nothing committed anywhere. */
function fakeFeed() {
  const listeners: ChangeListener[] = [];
  const feed: ChangeFeed = {
    position: () => 0,
    status: () => ({ following: true }),
    onStatus: () => undefined,
    waitFor: async () => undefined,
    listen: (listener) => void listeners.push(listener),
    stop: async () => undefined,
  };
  const batch = async () => {
    for (const listener of listeners) await listener([], []);
  };
  return { feed, batch };
}

/** A database whose log is empty: the head the memo waits for is 0. */
const sql = (async () => [{ position: 0 }]) as unknown as Pool;

describe('feed memo', () => {
  it('given an answer kept, when asked again with no batch between, then it is not computed again', async () => {
    const { feed } = fakeFeed();
    const memo = createFeedMemo<number>(sql, feed);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await memo.get('a', compute)).toBe(1);
    expect(await memo.get('a', compute)).toBe(1);
    expect(await memo.get('b', compute)).toBe(2);
  });

  it('given answers kept, when a batch of the log arrives, then every key is computed afresh', async () => {
    const { feed, batch } = fakeFeed();
    const memo = createFeedMemo<string>(sql, feed);
    let value = 'before';
    await memo.get('a', async () => value);
    value = 'after';
    await batch();
    expect(await memo.get('a', async () => value)).toBe('after');
  });

  it('given a batch arriving while an answer is computed, when asked again, then the overlapped answer was not kept', async () => {
    const { feed, batch } = fakeFeed();
    const memo = createFeedMemo<string>(sql, feed);
    const first = await memo.get('a', async () => {
      await batch();
      return 'read before the batch landed';
    });
    expect(first).toBe('read before the batch landed');
    expect(await memo.get('a', async () => 'fresh')).toBe('fresh');
  });
});
