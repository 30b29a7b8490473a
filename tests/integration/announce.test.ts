import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announce, claimNotify, EVENTS_CHANNEL, NOTIFY_INTERVAL_MS, readPayload, senderMark } from '../../events/store/announce';
import { append } from '../../events/store/append';
import { createPool } from '../../events/store/connect';
import type { Pool, StoredEvent } from '../../events/store/types';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';
import { appendAndAnnounce, freshStreamAppend as args } from '../support/storeEvents';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(10);
});
afterAll(async () => {
  await db.close();
});

describe('the NOTIFY for other processes', () => {
  /** What another process hears on the events channel, as positions. */
  async function listen() {
    const other = createPool(db.url, { max: 2 });
    const heard: number[] = [];
    await other.listen(EVENTS_CHANNEL, (payload) => void heard.push(readPayload(payload).position));
    return { heard, close: () => other.end({ timeout: 1 }) };
  }

  /** Runs `work` with a pool of its own (its turn free) and another process's ears. */
  async function withListener(work: (sql: Pool, heard: number[]) => Promise<void>) {
    const sql = createPool(db.url, { max: 3 });
    const listener = await listen();
    try {
      await work(sql, listener.heard);
    } finally {
      await listener.close();
      await sql.end({ timeout: 1 });
    }
  }

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  /** As handleCommand appends (appendAndAnnounce), one fresh stream's event. */
  async function commit(sql: Pool): Promise<{ event: StoredEvent; carried: boolean }> {
    const { events, carried } = await appendAndAnnounce(sql, args());
    return { event: events[0]!, carried };
  }

  it('given a turn claimed, then a claim within the interval is refused, and one after it is granted', async () => {
    // The clock stands still unless moved: a pause of the test process on a busy machine cannot
    // carry the second claim past the interval.
    vi.useFakeTimers({ toFake: ['performance'] });
    const sql = createPool(db.url, { max: 1 });
    try {
      expect(claimNotify(sql)).toBe(senderMark(sql));
      vi.advanceTimersByTime(NOTIFY_INTERVAL_MS - 1);
      expect(claimNotify(sql)).toBeUndefined();
      vi.advanceTimersByTime(1);
      expect(claimNotify(sql)).toBe(senderMark(sql));
    } finally {
      vi.useRealTimers();
      await sql.end({ timeout: 1 });
    }
  });

  it('given commits that no append carried the NOTIFY for, then one NOTIFY of its own names the last of them', () =>
    withListener(async (sql, heard) => {
      // An append of this process holds the turn (as when a carrier is still in flight).
      expect(claimNotify(sql)).toBeDefined();
      const burst: StoredEvent[] = [];
      for (let i = 0; i < 4; i++) {
        const [event] = await sql.begin((tx) => append(tx, args()));
        announce(sql, [event!]);
        burst.push(event!);
      }
      const last = burst[burst.length - 1]!.position;
      await until(() => heard.includes(last), 'the NOTIFY naming the last commit');
      // One per interval at most: on a slow disk one may go out in the middle of the burst too.
      const positions = burst.map((e) => e.position);
      expect(heard.every((p) => positions.includes(p))).toBe(true);
      expect(heard[heard.length - 1]).toBe(last);
      // Then, once its turn has passed (and the NOTIFY of its own has been answered), a commit
      // carries one again, naming its own position.
      let next = await commit(sql);
      for (let tries = 1; !next.carried && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 2 * NOTIFY_INTERVAL_MS));
        next = await commit(sql);
      }
      expect(next.carried).toBe(true);
      await until(() => heard.includes(next.event.position), 'the carried NOTIFY');
      expect(heard[heard.length - 1]).toBe(next.event.position);
    }));

  it('given commits that keep coming, then appends carry the NOTIFYs, at most one per interval, and the last commit is named', () =>
    withListener(async (sql, heard) => {
      const commits: { event: StoredEvent; carried: boolean }[] = [];
      const started = performance.now();
      // Twenty intervals, and three commits at least where the machine is slow.
      while (performance.now() - started < 20 * NOTIFY_INTERVAL_MS || commits.length < 3) commits.push(await commit(sql));
      const elapsed = performance.now() - started;
      const carried = commits.filter((c) => c.carried);
      expect(carried.length).toBeGreaterThan(1);
      expect(carried.length).toBeLessThanOrEqual(Math.ceil(elapsed / NOTIFY_INTERVAL_MS) + 1);
      const last = commits[commits.length - 1]!.event.position;
      await until(() => heard.includes(last), 'the NOTIFY naming the last commit');
      for (const c of carried) expect(heard).toContain(c.event.position);
      // Every NOTIFY named a commit of the run, each once. Their order is not asserted: a
      // follower reads the log from where it stands and skips a NOTIFY at or below its position,
      // and two full-suite runs heard a carried NOTIFY after the next one, sent on its own.
      const positions = new Set(commits.map((c) => c.event.position));
      expect(heard.every((p) => positions.has(p))).toBe(true);
      expect(new Set(heard).size).toBe(heard.length);
    }));

  it('given an append of several events that carries the NOTIFY, then it names the last of them', () =>
    withListener(async (sql, heard) => {
      const mark = claimNotify(sql);
      expect(mark).toBeDefined();
      const events = await sql.begin((tx) =>
        append(tx, { ...args(mark), events: [1, 2, 3].map((n) => ({ type: 'Tested', data: { n } })) }),
      );
      expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
      const positions = events.map((e) => e.position);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      announce(sql, events, positions[2]);
      await until(() => heard.length > 0, 'the carried NOTIFY');
      await new Promise((resolve) => setTimeout(resolve, 3 * NOTIFY_INTERVAL_MS));
      expect(heard).toEqual([positions[2]]);
    }));

  it('given a carrier that rolls back, then the commit after it is still named', () =>
    withListener(async (sql, heard) => {
      const mark = claimNotify(sql);
      expect(mark).toBeDefined();
      await expect(
        sql.begin(async (tx) => {
          await append(tx, args(mark));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // Carried or of its own (depending on how long the rollback took), the commit is named,
      // and nothing named the rolled-back append.
      const { event } = await commit(sql);
      await until(() => heard.includes(event.position), 'the NOTIFY naming the commit');
      await new Promise((resolve) => setTimeout(resolve, 3 * NOTIFY_INTERVAL_MS));
      expect(heard).toEqual([event.position]);
    }));

});
