import { changesOf, summarize, type ActivityEntry, type Known } from '@shared/activity';
import type { Actor } from '@shared/domain/access';
import { ACTIVITY_STREAMS, type ActivityQuery } from '@shared/schemas/activity';
import type { Db, EventScope, StoredEvent } from '../../events/store/types';
import { userNames } from '../../projections/users/queries';
import { roomsFor, roomsForScope } from '../realtime/rooms';
import { foldStream, type EventKnowledge } from './streamHistory';

/** Events read from the log per step while looking for enough the caller may see. */
const STEP = 500;
/** Steps taken at most for one page: a manager's page is found within the last few thousand events. */
const MAX_STEPS = 20;

/**
 * Who may see an event: whoever the live push sends it to, the rooms of its scope meeting the
 * actor's (server/realtime/rooms.ts, from the declared visibility of its rows).
 */
export function canSeeScope(actor: Actor, scope: EventScope): boolean {
  const mine = roomsFor(actor);
  return roomsForScope(scope).some((room) => mine.includes(room));
}

const COLUMNS = 'position, stream_id, stream_type, version, type, data, metadata';

/** Seeds' marker streams are bookkeeping, not anyone's activity. */
export const isActivity = (event: StoredEvent) => event.stream_type !== 'system';

/** One event in words, with its changed fields, given what its row held before it and the users' names. */
export function entryOf(event: StoredEvent, known: EventKnowledge | undefined, names: ReadonlyMap<string, string>): ActivityEntry {
  const who = event.metadata.user_id === 'system' ? 'The system' : (names.get(event.metadata.user_id) ?? 'A former user');
  const data = event.data as Known;
  const { before, set } = known ?? { before: {}, set: data };
  return {
    position: Number(event.position),
    type: event.type,
    at: event.metadata.at,
    user_name: who,
    entity: event.stream_type,
    entity_id: event.stream_id.slice(event.stream_type.length + 1),
    summary: summarize(who, event.type, event.stream_type, data, before),
    changes: changesOf(set, before),
  };
}

/** Every stream of the log, in version order, grouped by stream. */
async function streamsOf(db: Db, streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
  // By the stream index only: a bound on position invites a plan that walks the whole log's index.
  const rows = await db.unsafe<StoredEvent[]>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`, [
    streamIds as string[],
  ]);
  const streams = new Map<string, StoredEvent[]>();
  for (const row of rows) streams.set(row.stream_id, [...(streams.get(row.stream_id) ?? []), row]);
  return streams;
}

/** A page of the events and what each knew of its row (still being read, beside the names of their users). */
interface Page {
  events: StoredEvent[];
  knowledge: Promise<Map<number, EventKnowledge>>;
}

/**
 * One row's history: every stream of that id (of one kind, or of every kind), whole, when the
 * caller may see the row as it stands now (the rule of its GET, shared/visibility.ts), else nothing.
 * A row that moved to the caller's location shows its whole past; one that left it, none.
 */
async function rowPage(db: Db, actor: Actor, query: ActivityQuery & { entity_id: string }): Promise<Page> {
  const ids = (query.stream ? [query.stream] : ACTIVITY_STREAMS).map((type) => `${type}-${query.entity_id}`);
  const events: StoredEvent[] = [];
  const knowledge = new Map<number, EventKnowledge>();
  for (const stream of (await streamsOf(db, ids)).values()) {
    const history = foldStream(stream[0]!.stream_type, stream);
    const scope = history.scope ?? stream.at(-1)!.metadata.scope;
    if (!canSeeScope(actor, scope)) continue;
    events.push(...stream);
    for (const [position, known] of history.events) knowledge.set(position, known);
  }
  const before = query.before ?? Number.MAX_SAFE_INTEGER;
  const page = events.filter((e) => e.position < before).sort((a, b) => b.position - a.position);
  return { events: page.slice(0, query.limit), knowledge: Promise.resolve(knowledge) };
}

/** Newest first, below `before`, of the whole log (optionally one kind). */
async function candidates(db: Db, query: ActivityQuery, before: number, take: number): Promise<StoredEvent[]> {
  const params: (string | number)[] = [before, take];
  // Seeds' marker streams are bookkeeping, not anyone's activity.
  const where = ['position < $1', "stream_type <> 'system'"];
  if (query.stream) {
    params.push(query.stream);
    where.push(`stream_type = $${params.length}`);
  }
  return db.unsafe<StoredEvent[]>(`SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT $2`, params);
}

/** The feed: the log's newest events the caller may see, each by its own scope. */
async function feedPage(db: Db, actor: Actor, query: ActivityQuery, atLocation: string | undefined): Promise<Page> {
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
  return { events: page, knowledge: page.length === 0 ? Promise.resolve(new Map()) : knowledgeOf(db, page) };
}

/** Each event's "before": its stream folded up to it. */
async function knowledgeOf(db: Db, page: StoredEvent[]): Promise<Map<number, EventKnowledge>> {
  const knowledge = new Map<number, EventKnowledge>();
  for (const [position, { known }] of await storedWithKnowledge(db, page)) knowledge.set(position, known);
  return knowledge;
}

/**
 * The events of the streams of `page` as the log stores them (jsonb orders an event's fields,
 * which the words of its changes follow), each with its "before", by position.
 */
export async function storedWithKnowledge(db: Db, page: readonly StoredEvent[]): Promise<Map<number, { event: StoredEvent; known: EventKnowledge }>> {
  const stored = new Map<number, { event: StoredEvent; known: EventKnowledge }>();
  for (const stream of (await streamsOf(db, [...new Set(page.map((e) => e.stream_id))])).values()) {
    const { events } = foldStream(stream[0]!.stream_type, stream);
    for (const event of stream) stored.set(event.position, { event, known: events.get(event.position)! });
  }
  return stored;
}

/**
 * The log's events the actor may see, newest first, each in words with its changed fields (old
 * and new values, from the row's earlier events folded by its decider). Read from the log itself:
 * the history is the log, and a page touches only the streams of its own events.
 */
export async function readActivity(db: Db, actor: Actor, query: ActivityQuery, atLocation?: string): Promise<ActivityEntry[]> {
  const page = query.entity_id ? await rowPage(db, actor, { ...query, entity_id: query.entity_id }) : await feedPage(db, actor, query, atLocation);
  const { events } = page;
  if (events.length === 0) return [];

  // The streams and the users' names are read at once: both are known from the page.
  const [knowledge, names] = await Promise.all([page.knowledge, userNames(db, events.map((e) => e.metadata.user_id))]);
  return events.map((event) => entryOf(event, knowledge.get(event.position), names));
}
