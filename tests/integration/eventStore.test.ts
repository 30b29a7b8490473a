import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce } from '../../events/store/announce';
import { append, lockAndReadStream, readAll, readStream, safeHorizon } from '../../events/store/append';
import { ConcurrencyError } from '../../events/store/errors';
import { contiguous, subscribe } from '../../events/store/subscribe';
import type { StoredEvent } from '../../events/store/types';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';
import { testMetadata } from '../support/storeEvents';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase(30);
});
afterAll(async () => {
  await db.close();
});

const metadata = testMetadata;

/** One event in its own transaction, not announced. */
const commitOne = (streamId: string, expectedVersion: number, n = 0) =>
  db.sql.begin((tx) =>
    append(tx, { streamId, streamType: 'test', expectedVersion, events: [{ type: 'Tested', data: { n } }], metadata: metadata() }),
  );

/** One event in its own transaction, announced after commit as the command path does. */
const appendOne = async (streamId: string, expectedVersion: number, n = 0) => {
  const events = await commitOne(streamId, expectedVersion, n);
  announce(db.sql, events);
  return events;
};

describe('event store', () => {
  it('appends events with consecutive versions and reads them back in order', async () => {
    const stream = `test-${randomUUID()}`;
    await db.sql.begin((tx) =>
      append(tx, {
        streamId: stream,
        streamType: 'test',
        expectedVersion: 0,
        events: [
          { type: 'A', data: { i: 1 } },
          { type: 'B', data: { i: 2 } },
        ],
        metadata: metadata(),
      }),
    );
    await appendOne(stream, 2, 3);
    const events = await readStream(db.sql, stream);
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'Tested'],
    ]);
    expect(events[0]!.position).toBeLessThan(events[1]!.position);
    expect(events[2]!.data).toEqual({ n: 3 });
    const [kinds] = await db.sql`SELECT jsonb_typeof(data) AS data, jsonb_typeof(metadata) AS metadata FROM events WHERE stream_id = ${stream} LIMIT 1`;
    expect(kinds).toEqual({ data: "object", metadata: "object" });
    // A single event's data with a `type` key (an office's type) is stored as the object it is.
    await db.sql.begin((tx) => append(tx, { streamId: stream, streamType: 'test', expectedVersion: 3, events: [{ type: 'Typed', data: { type: 'Private', desks: 4 } }], metadata: metadata() }));
    const [typed] = await db.sql<{ data: unknown; kind: string }[]>`SELECT data, jsonb_typeof(data) AS kind FROM events WHERE stream_id = ${stream} AND version = 4`;
    expect(typed).toEqual({ data: { type: 'Private', desks: 4 }, kind: 'object' });
  });

  it('lets exactly one of 50 concurrent appends with the same expected version win', async () => {
    const stream = `test-${randomUUID()}`;
    await appendOne(stream, 0);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => appendOne(stream, 1, n)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    expect(await readStream(db.sql, stream)).toHaveLength(2);
  });

  it('refuses to update or delete a stored event', async () => {
    const stream = `test-${randomUUID()}`;
    await appendOne(stream, 0);
    await expect(db.sql`UPDATE events SET type = 'Changed' WHERE stream_id = ${stream}`).rejects.toThrow(/append-only/);
    await expect(db.sql`DELETE FROM events WHERE stream_id = ${stream}`).rejects.toThrow(/append-only/);
    expect((await readStream(db.sql, stream))[0]!.type).toBe('Tested');
  });

  it('delivers every event exactly once, in position order and as the log holds it, to a subscriber while 8 writers append', async () => {
    const start = 0;
    const received: StoredEvent[] = [];
    const subscription = await subscribe(db.sql, {
      from: start,
      batchSize: 250,
      handle: async (events) => {
        received.push(...events);
      },
    });
    const writers = 8;
    const perWriter = 500;
    const written: number[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const versions = new Map<string, number>();
        for (let i = 0; i < perWriter; i++) {
          // Random streams of this writer's own, so the expected version is known locally.
          const stream = `writer-${w}-${Math.floor(Math.random() * 20)}`;
          const version = versions.get(stream) ?? 0;
          const [event] = await appendOne(stream, version, i);
          versions.set(stream, version + 1);
          written.push(event!.position);
        }
      }),
    );
    await subscription.waitFor(Math.max(...written));
    await subscription.stop();

    const positions = received.map((e) => e.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
    const receivedSet = new Set(positions);
    expect(receivedSet.size).toBe(positions.length);
    for (const p of written) expect(receivedSet.has(p)).toBe(true);
    // The same events as the log holds, whether handed over by this process's commits or read.
    expect(received).toEqual(await readAll(db.sql, start, 1_000_000));
    expect(written).toHaveLength(writers * perWriter);
  });

  it('given commits announced in separate callbacks of one turn of the event loop, then the subscriber hands them over in one batch', async () => {
    const batches: number[][] = [];
    let first: () => void = () => undefined;
    const firstHandled = new Promise<void>((resolve) => (first = resolve));
    const subscription = await subscribe(db.sql, {
      from: await safeHorizon(db.sql),
      pollMs: 60_000,
      handle: async (events) => {
        batches.push(events.map((e) => e.position));
        first();
      },
    });
    // A first commit, handed over, so the subscriber has read the log and waits.
    await appendOne(`turn-${randomUUID()}`, 0);
    await firstHandled;
    const stream = `turn-${randomUUID()}`;
    const committed: StoredEvent[] = [];
    for (let version = 0; version < 3; version++) committed.push((await commitOne(stream, version))[0]!);
    // As three writers' answers read in one turn: each announced from a callback of its own.
    await Promise.all(committed.map((event) => new Promise<void>((resolve) => setImmediate(() => resolve(announce(db.sql, [event]))))));
    await subscription.waitFor(committed[2]!.position);
    await subscription.stop();
    expect(batches.slice(1)).toEqual([committed.map((e) => e.position)]);
  });

  it('holds back events above the position of an append still in flight until it commits', async () => {
    const received: StoredEvent[] = [];
    const subscription = await subscribe(db.sql, {
      from: await safeHorizon(db.sql),
      gapMs: 5,
      handle: async (events) => void received.push(...events),
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let drawn!: (position: number) => void;
    const held = new Promise<number>((resolve) => (drawn = resolve));
    // Draws a position, then stays open: its hole sits below the next append's committed row.
    const inFlight = db.sql.begin(async (tx) => {
      const [event] = await append(tx, { streamId: `test-${randomUUID()}`, streamType: 'test', expectedVersion: 0, events: [{ type: 'Held', data: {} }], metadata: metadata() });
      drawn(event!.position);
      await released;
      return event!;
    });
    const early = await held;
    const [later] = await appendOne(`test-${randomUUID()}`, 0);
    expect(later!.position).toBeGreaterThan(early);
    // The follower saw the committed row above the hole and now waits for the appends in flight.
    while ((await db.sql`SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND datname = current_database() AND query LIKE '%events_safe_horizon()%' AND pid <> pg_backend_pid()`).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received.map((e) => e.position)).not.toContain(later!.position);
    release();
    const committed = await inFlight;
    announce(db.sql, [committed]);
    await subscription.waitFor(later!.position);
    await subscription.stop();
    expect(received.map((e) => e.position)).toEqual([early, later!.position]);
  });

  it('passes the position of a rolled-back append and delivers what follows it', async () => {
    const received: StoredEvent[] = [];
    const subscription = await subscribe(db.sql, {
      from: await safeHorizon(db.sql),
      gapMs: 5,
      handle: async (events) => void received.push(...events),
    });
    let burnt = 0;
    await expect(
      db.sql.begin(async (tx) => {
        const [event] = await append(tx, { streamId: `test-${randomUUID()}`, streamType: 'test', expectedVersion: 0, events: [{ type: 'Undone', data: {} }], metadata: metadata() });
        burnt = event!.position;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [after] = await appendOne(`test-${randomUUID()}`, 0);
    expect(after!.position).toBeGreaterThan(burnt);
    await subscription.waitFor(after!.position);
    await subscription.stop();
    expect(received.map((e) => e.position)).toEqual([after!.position]);
  });

  it('takes as contiguous only the events that follow the position without a hole', () => {
    const at = (position: number) => ({ position }) as StoredEvent;
    expect(contiguous([at(4), at(5), at(7)], 3).map((e) => e.position)).toEqual([4, 5]);
    expect(contiguous([at(5)], 3)).toEqual([]);
    expect(contiguous([at(4), at(5)], 3).map((e) => e.position)).toEqual([4, 5]);
  });

  it('reads a stream after its lock is granted, so a writer that waited sees what the previous holder committed', async () => {
    const stream = `test-${randomUUID()}`;
    const LOCK_CLASS = 7_340_099;
    await appendOne(stream, 0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const first = db.sql.begin(async (tx) => {
      const seen = await lockAndReadStream(tx, LOCK_CLASS, stream, 0);
      await append(tx, { streamId: stream, streamType: 'test', expectedVersion: seen.length, events: [{ type: 'First', data: {} }], metadata: metadata() });
      locked();
      await released;
    });
    await holding;
    const second = db.sql.begin((tx) => lockAndReadStream(tx, LOCK_CLASS, stream, 1));
    // The second waits on the lock (its statement began before the first commits).
    while ((await db.sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ${LOCK_CLASS} AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    await first;
    expect((await second).map((e) => [e.version, e.type])).toEqual([[2, 'First']]);
  });
});
