import type { ActivityEntry } from '@shared/activity';
import type { Actor } from '@shared/domain/access';
import type { Db, StoredEvent } from '../../events/store/types';
import type { ChangeFeed } from '../../projections/engine/changeFeed';
import { userNames } from '../../projections/users/queries';
import { canSeeScope, entryOf, isActivity, storedWithKnowledge } from './readActivity';
import type { EventKnowledge } from './streamHistory';

export interface RecentActivity {
  /**
   * The newest `limit` events the actor may see (at one location), as readActivity gives them;
   * null when fewer than `limit` of the events held qualify and the log holds older ones.
   */
  newest(actor: Actor, limit: number, atLocation?: string): Promise<ActivityEntry[] | null>;
}

/** Events held at most: the newest of the log, a dashboard's page for most callers. */
export const HELD = 2_000;
/** Events of one batch whose streams are read as it arrives, the newest. */
const AT_ONCE = 64;

interface Held {
  event: StoredEvent;
  /** Undefined until the event is read as the log stores it, with its stream folded. */
  known?: EventKnowledge;
}

/**
 * The log's newest events in memory, each with what its row held before it, and the names of
 * their users. The feed adds every event it reads, in position order, so what is held is every
 * event above the oldest held one: a caller whose page lies within them is answered as
 * readActivity would answer. The feed's listener does not wait on the database (the live push
 * comes after it): a batch's newest events are read, as the log stores them (jsonb orders their
 * fields, which the words of their changes follow) with their streams folded, and their users'
 * names, beside the feed; an answer waits for those reads. Events not read so far (the events
 * held at start, a bulk import's older ones, a read that failed) are read when first shown.
 * Every name is read again when a user's event arrives (a rename changes the words).
 */
export async function createRecentActivity(sql: Db, feed: ChangeFeed, max = HELD): Promise<RecentActivity> {
  /** Ascending by position. */
  let kept: Held[] = [];
  /** Users' names by id; null: no such user. */
  const names = new Map<string, string | null>();
  /** Whether the oldest held event is the log's first (nothing older to ask the database for). */
  let whole = true;
  /** The reads the feed's batches started, applied in the batches' order. */
  let pending: Promise<void> = Promise.resolve();

  const readNames = async (ids: readonly string[]) => {
    const read = await userNames(sql, [...ids]);
    return new Map(ids.map((id) => [id, read.get(id) ?? null]));
  };
  /** Puts `events` in place, as the feed gave them. */
  const add = (events: readonly StoredEvent[]) => {
    const held = new Set(kept.map((h) => h.event.position));
    kept = [...kept, ...events.filter((e) => !held.has(e.position)).map((event): Held => ({ event }))].sort((a, b) => a.event.position - b.event.position);
    if (kept.length > max) {
      kept = kept.slice(kept.length - max);
      whole = false;
    }
  };
  const store = (stored: Map<number, Required<Held>>, among: readonly Held[] = kept) => {
    for (const h of among) {
      const read = stored.get(h.event.position);
      if (read) Object.assign(h, read);
    }
  };

  // Listening before the newest events load, so none falls between the two.
  feed.listen(async (batch) => {
    const events = batch.filter(isActivity);
    if (events.length === 0) return;
    add(events);
    const renamed = events.some((e) => e.stream_type === 'user');
    const ids = (renamed ? kept.map((h) => h.event) : events).map((e) => e.metadata.user_id).filter((id) => renamed || !names.has(id));
    const reads = Promise.all([storedWithKnowledge(sql, events.slice(-AT_ONCE)), ids.length === 0 ? new Map<string, string | null>() : readNames(ids)]);
    pending = pending.then(() =>
      reads.then(
        ([stored, read]) => {
          if (renamed) names.clear();
          for (const [id, name] of read) names.set(id, name);
          store(stored);
        },
        // Unread events are read when shown; after a rename, every name is.
        () => void (renamed && names.clear()),
      ),
    );
  });
  const newest = await sql.unsafe<StoredEvent[]>(
    `SELECT position, stream_id, stream_type, version, type, data, metadata FROM events WHERE stream_type <> 'system' ORDER BY position DESC LIMIT $1`,
    [max],
  );
  if (newest.length === max) whole = false;
  add(newest);

  return {
    async newest(actor, limit, atLocation) {
      await pending;
      const page: Held[] = [];
      for (let i = kept.length - 1; i >= 0 && page.length < limit; i--) {
        const { scope } = kept[i]!.event.metadata;
        if (canSeeScope(actor, scope) && (atLocation === undefined || scope.locations.includes(atLocation))) page.push(kept[i]!);
      }
      if (page.length < limit && !whole) return null;
      const unread = page.filter((h) => h.known === undefined).map((h) => h.event);
      const nameless = [...new Set(page.map((h) => h.event.metadata.user_id))].filter((id) => !names.has(id));
      const [stored, read] = await Promise.all([unread.length === 0 ? null : storedWithKnowledge(sql, unread), nameless.length === 0 ? null : readNames(nameless)]);
      if (stored) store(stored, page);
      for (const [id, name] of read ?? []) names.set(id, name);
      const named = new Map<string, string>();
      for (const { event } of page) {
        const name = names.get(event.metadata.user_id);
        if (name) named.set(event.metadata.user_id, name);
      }
      return page.map(({ event, known }) => entryOf(event, known, named));
    },
  };
}
