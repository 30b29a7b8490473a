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
  known: EventKnowledge | undefined;
}

/**
 * The log's newest events in memory, each with what its row held before it (its stream folded,
 * read once: when the feed delivers it, or for the events held at start when first shown, since
 * their streams may be long), and the names of their users. The feed adds every event
 * it reads, in position order, so what is held is every event above the oldest held one: a
 * caller whose page lies within them is answered as readActivity would answer, without a query.
 * Names are read again when a user's event arrives (a rename changes the words).
 */
export async function createRecentActivity(sql: Db, feed: ChangeFeed, max = HELD): Promise<RecentActivity> {
  /** Ascending by position. */
  let kept: Held[] = [];
  const names = new Map<string, string>();
  /** Whether the oldest held event is the log's first (nothing older to ask the database for). */
  let whole = true;

  const readNames = async (events: readonly StoredEvent[], all: boolean) => {
    const ids = all ? [...kept.map((h) => h.event), ...events].map((e) => e.metadata.user_id) : events.map((e) => e.metadata.user_id).filter((id) => !names.has(id));
    return ids.length === 0 ? new Map<string, string>() : userNames(sql, ids);
  };
  /** Puts `events` in place, each as the log stores it when read (`stored`), else as the feed gave it. */
  const add = (events: readonly StoredEvent[], stored: Map<number, { event: StoredEvent; known: EventKnowledge }>) => {
    const held = new Set(kept.map((h) => h.event.position));
    const fresh = events.filter((e) => !held.has(e.position)).map((e): Held => stored.get(e.position) ?? { event: e, known: undefined });
    kept = [...kept, ...fresh].sort((a, b) => a.event.position - b.event.position);
    if (kept.length > max) {
      kept = kept.slice(kept.length - max);
      whole = false;
    }
  };

  // Listening before the newest events load, so none falls between the two.
  feed.listen(async (batch) => {
    const events = batch.filter(isActivity);
    if (events.length === 0) return;
    const renamed = events.some((e) => e.stream_type === 'user');
    // A batch's newest events are read at once; those of a bulk import before them when first shown.
    const [stored, read] = await Promise.all([storedWithKnowledge(sql, events.slice(-AT_ONCE)), readNames(events, renamed)]).catch((error: unknown) => {
      // What is held must be every event above the oldest: without this batch, none before it is.
      kept = [];
      whole = false;
      throw error;
    });
    if (renamed) names.clear();
    for (const [id, name] of read) names.set(id, name);
    add(events, stored);
  });
  const newest = await sql.unsafe<StoredEvent[]>(
    `SELECT position, stream_id, stream_type, version, type, data, metadata FROM events WHERE stream_type <> 'system' ORDER BY position DESC LIMIT $1`,
    [max],
  );
  if (newest.length === max) whole = false;
  for (const [id, name] of await readNames(newest, false)) if (!names.has(id)) names.set(id, name);
  add(newest, new Map());

  return {
    async newest(actor, limit, atLocation) {
      const page: Held[] = [];
      for (let i = kept.length - 1; i >= 0 && page.length < limit; i--) {
        const { scope } = kept[i]!.event.metadata;
        if (canSeeScope(actor, scope) && (atLocation === undefined || scope.locations.includes(atLocation))) page.push(kept[i]!);
      }
      if (page.length < limit && !whole) return null;
      const unknown = page.filter((h) => h.known === undefined);
      if (unknown.length > 0) {
        const stored = await storedWithKnowledge(
          sql,
          unknown.map((h) => h.event),
        );
        for (const h of unknown) Object.assign(h, stored.get(h.event.position));
      }
      return page.map(({ event, known }) => entryOf(event, known, names));
    },
  };
}
