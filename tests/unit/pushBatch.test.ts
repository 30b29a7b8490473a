import { describe, expect, it } from 'vitest';
import { createPushBatch } from '../../client/src/live/pushBatch';

/** A schedule the test fires by hand: `fire()` is the next frame. */
function manualSchedule() {
  let pending: (() => void) | null = null;
  let scheduled = 0;
  return {
    schedule: (run: () => void) => {
      pending = run;
      scheduled += 1;
      return () => {
        pending = null;
      };
    },
    fire: () => pending?.(),
    get scheduled() {
      return scheduled;
    },
  };
}

describe('pushes of one frame applied together', () => {
  it('applies the pushes that arrived before the frame in one call, in order', () => {
    // Given a batch and three pushes arriving before the next frame
    const frames = manualSchedule();
    const applied: number[][] = [];
    const batch = createPushBatch<number>((items) => applied.push(items), frames.schedule);
    batch.add(1);
    batch.add(2);
    batch.add(3);
    expect(applied).toEqual([]);
    // When the frame comes
    frames.fire();
    // Then they are applied once, together, and one frame was asked for
    expect(applied).toEqual([[1, 2, 3]]);
    expect(frames.scheduled).toBe(1);
    // And a push after it waits for the next frame
    batch.add(4);
    frames.fire();
    expect(applied).toEqual([[1, 2, 3], [4]]);
  });

  it('applies at once on flush, and forgets on drop', () => {
    const frames = manualSchedule();
    const applied: string[][] = [];
    const batch = createPushBatch<string>((items) => applied.push(items), frames.schedule);
    batch.add('a');
    batch.flush();
    expect(applied).toEqual([['a']]);
    frames.fire();
    expect(applied).toEqual([['a']]);
    batch.add('b');
    batch.drop();
    frames.fire();
    expect(applied).toEqual([['a']]);
  });
});
