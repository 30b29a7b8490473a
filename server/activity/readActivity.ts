import { changesOf, summarize, type ActivityEntry, type Known } from '@shared/activity';
import type { Actor } from '@shared/domain/access';
import { seesAllLocations } from '@shared/domain/access';
import { ACTIVITY_STREAMS, type ActivityQuery } from '@shared/schemas/activity';
import type { Db, EventScope, StoredEvent } from '../../events/store/types';
import { userNames } from '../../projections/users/queries';

/** Events read from the log per step while looking for enough the caller may see. */
const STEP = 500;
/** Steps taken at most for one page: a manager's page is found within the last few thousand events. */
const MAX_STEPS = 20;

/** Who may see an event: the same rule as the live push's rooms (server/realtime/rooms.ts). */
export function canSeeScope(actor: Actor, scope: EventScope): boolean {
  if (scope.private) return scope.users?.includes(actor.id) ?? false;
  if (actor.role === 'admin' || scope.everyone || scope.users?.includes(actor.id)) return true;
  if (scope.locations.length === 0) return false;
  return seesAllLocations(actor) || scope.locations.some((id) => actor.locations.includes(id));
}

const COLUMNS = 'position, stream_id, stream_type, version, type, data, metadata';

/** Newest first, below `before`, of one row's streams or of the whole log (optionally one kind). */
async function candidates(db: Db, query: ActivityQuery, before: number, take: number): Promise<StoredEvent[]> {
  const params: (string | number | string[])[] = [before, take];
  // Seeds' marker streams are bookkeeping, not anyone's activity.
  const where = ['position < $1', "stream_type <> 'system'"];
  if (query.entity_id) {
    params.push((query.stream ? [query.stream] : ACTIVITY_STREAMS).map((type) => `${type}-${query.entity_id}`));
    where.push(`stream_id = ANY($${params.length}::text[])`);
  } else if (query.stream) {
    params.push(query.stream);
    where.push(`stream_type = $${params.length}`);
  }
  return db.unsafe<StoredEvent[]>(`SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT $2`, params as never[]);
}

/**
 * The log's events the actor may see, newest first, each in words with its changed fields (old
 * and new values, from the row's earlier events). Read from the log itself: the history is the
 * log, and a page touches only the streams of its own events.
 */
export async function readActivity(db: Db, actor: Actor, query: ActivityQuery, atLocation?: string): Promise<ActivityEntry[]> {
  const page: StoredEvent[] = [];
  let before = query.before ?? Number.MAX_SAFE_INTEGER;
  // One location's events only (the dashboard of a chosen location).
  const here = (e: StoredEvent) => atLocation === undefined || e.metadata.scope.locations.includes(atLocation);
  // A small first read (the admin's page is the newest events), larger ones while too few match.
  let take = Math.min(STEP, Math.max(32, query.limit * 4));
  for (let step = 0; step < MAX_STEPS && page.length < query.limit; step++, take = Math.min(STEP, take * 4)) {
    const batch = await candidates(db, query, before, take);
    page.push(...batch.filter((e) => canSeeScope(actor, e.metadata.scope) && here(e)).slice(0, query.limit - page.length));
    if (batch.length < take) break;
    before = batch.at(-1)!.position;
  }
  if (page.length === 0) return [];

  // Each event's "before": its stream folded up to it (field by field, as the events set them).
  const streams = [...new Set(page.map((e) => e.stream_id))];
  // By the stream index only: a bound on position invites a plan that walks the whole log's index.
  const history = await db.unsafe<StoredEvent[]>(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`,
    [streams],
  );
  const known = new Map<string, Known>();
  const beforeOf = new Map<number, Known>();
  for (const event of history) {
    const state = known.get(event.stream_id) ?? {};
    beforeOf.set(event.position, state);
    known.set(event.stream_id, { ...state, ...(event.data as Known) });
  }

  const names = await userNames(db, page.map((e) => e.metadata.user_id));
  return page.map((event) => {
    const who = event.metadata.user_id === 'system' ? 'The system' : (names.get(event.metadata.user_id) ?? 'A former user');
    const before = beforeOf.get(event.position) ?? {};
    const data = event.data as Known;
    return {
      position: Number(event.position),
      type: event.type,
      at: event.metadata.at,
      user_name: who,
      entity: event.stream_type,
      entity_id: event.stream_id.slice(event.stream_type.length + 1),
      summary: summarize(who, event.type, event.stream_type, data, before),
      changes: changesOf(data, before),
    };
  });
}
