import type { ActivityEntry } from '@shared/activity';
import type { Actor } from '@shared/domain/access';
import type { Db, StoredEvent } from '../../events/store/types';
import type { ChangeFeed } from '../../projections/engine/changeFeed';
import { userNames } from '../../projections/users/queries';
import { canSeeScope, entryOf, isActivity, knowledgeOf } from './readActivity';
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
export async function createRecentActivity(sql: Db, feed: ChangeFeed, held = HELD): Promise<RecentActivity> {
  /** Ascending by position. */
  let kept: Held[] = [];
  const names = new Map<string, string>();
  /** Whether the oldest held event is the log's first (nothing older to ask the database for). */
  let whole = true;

  const readNames = async (events: readonly StoredEvent[], all: boolean) => {
    const ids = all ? [...kept.map((h) => h.event), ...events].map((e) => e.metadata.user_id) : events.map((e) => e.metadata.user_id).filter((id) => !names.has(id));
    return ids.length === 0 ? new Map<string, string>() : userNames(sql, ids);
  };
  const add = (events: readonly StoredEvent[], knowledge: Map<number, EventKnowledge>) => {
    const known = new Set(kept.map((h) => h.event.position));
    const fresh = events.filter((e) => !known.has(e.position)).map((event) => ({ event, known: knowledge.get(event.position) }));
    kept = [...kept, ...fresh].sort((a, b) => a.event.position - b.event.position);
    if (kept.length > held) {
      kept = kept.slice(kept.length - held);
      whole = false;
    }
  };

  // Listening before the newest events load, so none falls between the two.
  feed.listen(async (batch) => {
    const events = batch.filter(isActivity);
    if (events.length === 0) return;
    const renamed = events.some((e) => e.stream_type === 'user');
    const [knowledge, read] = await Promise.all([knowledgeOf(sql, events), readNames(events, renamed)]);
    if (renamed) names.clear();
    for (const [id, name] of read) names.set(id, name);
    add(events, knowledge);
  });
  const newest = await sql.unsafe<StoredEvent[]>(
    `SELECT position, stream_id, stream_type, version, type, data, metadata FROM events WHERE stream_type <> 'system' ORDER BY position DESC LIMIT $1`,
    [held],
  );
  if (newest.length === held) whole = false;
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
        const knowledge = await knowledgeOf(
          sql,
          unknown.map((h) => h.event),
        );
        for (const h of unknown) h.known = knowledge.get(h.event.position);
      }
      return page.map(({ event, known }) => entryOf(event, known, names));
    },
  };
}
