import type { Logger } from 'pino';
import { headPosition, readAll } from '../../events/store/append';
import type { Pool, StoredEvent } from '../../events/store/types';
import type { ChangeFeed } from '../../projections/engine/changeFeed';
import { changesFor, latestOnly } from '../../projections/engine/changes';
import { MAX_CATCH_UP_EVENTS } from '@shared/realtime';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { GatewaySocket } from './gateway';
import { limit } from './limit';
import { roomsFor, roomsForScope } from './rooms';
import { sharedReads } from './sharedReads';
import { beyondScope, viewFor } from './views';

/**
 * Catch-ups at once. Tabs that come back from the same position share one read of the log and
 * one load of its rows (sharedReads.ts), so what each catch-up costs on its own is filtering and
 * sending; a few at a time keep a crowd of reconnecting tabs (every deploy) from taking the
 * database pool or the event loop from the live path, and let 300 tabs be current within a
 * second or two of a restart instead of one after the other (about 12 s).
 */
const CONCURRENT_CATCH_UPS = 8;
/** Messages a catch-up sends before letting other work (live pushes) run. */
const CATCH_UP_SLICE = 100;

/**
 * How long a socket that is ahead of this node's feed (it comes from a node that had followed
 * the log further) waits for the feed to reach its position before it is told to reload.
 */
const AHEAD_WAIT_MS = 5_000;

/** What sockets are told while the database is out of reach. */
export const DATABASE_LOST = 'The database cannot be reached: changes cannot be saved until it is back';
/** A catch-up that failed while the feed still thought the database there tries again after this. */
const DATABASE_RETRY_MS = 1_000;

/** True when `event` changed what user `userId` may see (its role or locations). */
const changedAccessOf = (userId: string, event: StoredEvent) =>
  event.stream_id === `user-${userId}` &&
  event.type === 'UserUpdated' &&
  ['role', 'locations'].some((field) => field in (event.data as object));

export interface CatchUps {
  /**
   * Catches `socket` up from `since` (null: a first connection, nothing to replay) to `position`,
   * then says it is current.
   */
  resume(socket: GatewaySocket, since: number | null, position: number): Promise<void>;
  /** The gateway is closing: catch-ups waiting for the database stop waiting. */
  close(): void;
}

/**
 * Catch-ups of reconnecting sockets: the rows changed while a socket was away, as they stand
 * now, or a resync when it is too far behind. They run beside the live path, never in its queue.
 */
export function createCatchUps(options: { sql: Pool; feed: ChangeFeed; logger: Logger; released: () => boolean }): CatchUps {
  const { sql, feed, logger, released } = options;
  const catchUps = limit(CONCURRENT_CATCH_UPS);
  const missed = sharedReads({
    read: async (from, until) => {
      const events = await readAll(sql, from, MAX_CATCH_UP_EVENTS, until);
      return { from, until, events, messages: await changesFor(sql, events) };
    },
    head: () => feed.position(),
    maxSpan: MAX_CATCH_UP_EVENTS,
  });

  /**
   * True once the feed has passed `since`: a socket moving from a node that had followed the log
   * a little further than this one. Its rooms are joined, so what the feed pushes meanwhile
   * reaches it live; nothing is left to catch up. False at once for a position the log does not
   * hold (a restored backup).
   */
  async function reached(since: number): Promise<boolean> {
    if (since > (await headPosition(sql))) return false;
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      feed.waitFor(since).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), AHEAD_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return inTime;
  }

  /**
   * What a socket missed since `since`, as its user's GET answers now: bounded by
   * MAX_CATCH_UP_EVENTS positions (one read of the log), else a resync. A position ahead of
   * this node's feed but in the log is waited for; one past the log's head is a resync.
   */
  async function catchUp(socket: GatewaySocket, since: number, until: number): Promise<number | { resync: string }> {
    if (since > until) return (await reached(since)) ? 0 : { resync: 'The server lost track of what you have seen' };
    if (until - since > MAX_CATCH_UP_EVENTS) return { resync: 'Too much changed while you were away' };
    const mine = new Set(roomsFor(socket.data.user));
    const slices = await missed(since, until);
    const events = slices.flatMap((slice) => slice.events);
    // Rows the user lost with a change of access are in no event it may see: reload instead.
    if (events.some((event) => changedAccessOf(socket.data.user.id, event))) return { resync: 'Your access changed' };
    // Events of the socket's rooms whole; others for the rows beyond their scope it may see, if any.
    const all = slices.flatMap((slice) => slice.messages);
    const user = socket.data.user;
    const messages = latestOnly(
      all.flatMap((message, i) => {
        const { scope } = events[i]!.metadata;
        return roomsForScope(scope).some((room) => mine.has(room)) ? [message] : (beyondScope(user, scope, message) ?? []);
      }),
    );
    for (const [i, message] of messages.entries()) {
      // Yield now and then: a long catch-up must not hold the event loop from live pushes.
      if (i % CATCH_UP_SLICE === CATCH_UP_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      socket.emit('change', viewFor(socket.data.user, message));
    }
    return messages.length;
  }

  /**
   * Catches `socket` up from `since` (null: a first connection, nothing to replay) to `position`,
   * then says it is current. While the database is out of reach the catch-up waits for it to come
   * back and runs then, from the same position, rather than making the tab reload every view.
   */
  async function resumeSocket(socket: GatewaySocket, since: number | null, position: number): Promise<void> {
    for (;;) {
      try {
        await catchUps(async () => {
          if (!socket.connected) return;
          const result = since !== null ? await catchUp(socket, since, position) : 0;
          // Never below the client's own position: it came from a node that had gone further.
          const current = Math.max(position, since !== null && typeof result === 'number' ? since : 0);
          if (typeof result === 'object') socket.emit('resync', { position, reason: result.resync });
          socket.emit('ready', { position: current, caught_up: typeof result === 'object' ? 0 : result });
        });
        return;
      } catch (error) {
        if (isDatabaseUnavailable(error) && socket.connected && !released()) {
          logger.warn({ err: error }, 'live gateway: the database is out of reach; the catch-up waits for it');
          socket.emit('database', { available: false, reason: DATABASE_LOST, position });
          await databaseBack();
          continue;
        }
        logger.error({ err: error }, 'live gateway failed to catch a socket up');
        socket.emit('resync', { position, reason: 'Could not replay what you missed' });
        socket.emit('ready', { position, caught_up: 0 });
        return;
      }
    }
  }

  /**
   * Resolves once the change feed follows the log again (at once, after a pause, when it already
   * does: the catch-up failed before the feed noticed the outage).
   */
  const backAgain: (() => void)[] = [];
  const databaseBack = () =>
    new Promise<void>((resolve) => {
      if (feed.status().following) setTimeout(resolve, DATABASE_RETRY_MS);
      else backAgain.push(resolve);
    });
  feed.onStatus((status) => {
    if (status.following) for (const resolve of backAgain.splice(0)) resolve();
  });

  return {
    resume: resumeSocket,
    close: () => {
      for (const resolve of backAgain.splice(0)) resolve();
    },
  };
}
