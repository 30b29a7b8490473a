import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/store/types';
import { sharedReads, type LogSlice } from '../../server/realtime/sharedReads';

/** A log whose reads are counted and held until the test lets them finish. */
function countedLog() {
  let head = 100;
  const reads: { from: number; until: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const missed = sharedReads({
    read: (from, until) =>
      new Promise<LogSlice>((resolve, reject) => {
        const events = Array.from({ length: until - from }, (_, i) => ({ position: from + i + 1 }) as StoredEvent);
        reads.push({ from, until, finish: () => resolve({ from, until, events, messages: [] }), fail: reject });
      }),
    head: () => head,
    maxSpan: 2000,
  });
  return { missed, reads, moveHead: (to: number) => void (head = to) };
}

const positions = (slices: LogSlice[]) => slices.flatMap((slice) => slice.events.map((e) => e.position));

describe('catch-ups share their reads of the log', () => {
  it('given 300 tabs back from the same position, when they catch up at once, then the log is read once for all', async () => {
    const log = countedLog();
    const catchUps = Array.from({ length: 300 }, () => log.missed(90, 100));
    await Promise.resolve();
    expect(log.reads.map(({ from, until }) => [from, until])).toEqual([[90, 100]]);
    log.reads[0]!.finish();
    for (const slices of await Promise.all(catchUps)) expect(positions(slices)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
  });

  it('given a read under way, when a tab needs further, then it shares that read and reads only the rest', async () => {
    const log = countedLog();
    const first = log.missed(90, 100);
    log.moveHead(105);
    const later = log.missed(90, 105);
    log.reads[0]!.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.reads.map(({ from, until }) => [from, until])).toEqual([
      [90, 100],
      [100, 105],
    ]);
    log.reads[1]!.finish();
    expect(positions(await first)).toHaveLength(10);
    expect(positions(await later)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105]);
  });

  it('given a new read, then it goes as far as the log has been followed, for the tabs that come a moment later', async () => {
    const log = countedLog();
    log.moveHead(120);
    const slices = log.missed(90, 100);
    log.reads[0]!.finish();
    expect(positions(await slices).at(-1)).toBe(120);
    expect(positions(await log.missed(90, 115)).at(-1)).toBe(120);
    expect(log.reads).toHaveLength(1);
  });

  it('given a read that failed (the database went away), when the next tab asks, then the log is read again', async () => {
    const log = countedLog();
    const failed = log.missed(90, 100);
    log.reads[0]!.fail(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await expect(failed).rejects.toThrow('ECONNREFUSED');
    const again = log.missed(90, 100);
    expect(log.reads).toHaveLength(2);
    log.reads[1]!.finish();
    expect(positions(await again)).toHaveLength(10);
  });
});
