import type { Known } from '@shared/activity';
import { AGGREGATES } from '../../events/aggregates';
import type { EventScope, StoredEvent } from '../../events/store/types';
import { impliedFields } from './impliedFields';

/** One event of a row's history: what was known of the row before it, and the fields it set. */
export interface EventKnowledge {
  before: Known;
  set: Known;
}

export interface StreamHistory {
  /** By log position. */
  events: Map<number, EventKnowledge>;
  /** Who may see the row as it stands now (null: a kind of stream no aggregate writes). */
  scope: EventScope | null;
}

/**
 * One stream's events, in version order, folded with its aggregate's decider: before each event,
 * the row's fields as its earlier events and their implied values left them (so `from` is the
 * real previous value, a creation's default included), and after it, the row's current scope.
 */
export function foldStream(streamType: string, events: readonly StoredEvent[]): StreamHistory {
  const aggregate = AGGREGATES[streamType];
  let state: unknown = aggregate ? aggregate.decider.initialState : null;
  // What the row is before its first event: nothing, or a one-of-a-kind stream's defaults.
  let known: Known = impliedFields(streamType, state);
  const byPosition = new Map<number, EventKnowledge>();
  for (const event of events) {
    if (aggregate) state = aggregate.decider.evolve(state, event);
    const set = { ...(event.data as Known), ...impliedFields(streamType, state) };
    byPosition.set(event.position, { before: known, set });
    known = { ...known, ...set };
  }
  const id = events[0]?.stream_id.slice(streamType.length + 1) ?? '';
  return { events: byPosition, scope: aggregate ? aggregate.scope(id, state, state) : null };
}
