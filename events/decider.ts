import type { z } from 'zod';
import type { EventScope, NewEvent } from './store/types';

/**
 * A pure aggregate: `decide` turns a command and the current state into new events (or throws
 * a DomainError); `evolve` folds one event into the state. Time and ids arrive in the command.
 */
export interface Decider<C, S, E extends NewEvent> {
  initialState: S;
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
}

/** Everything the command handler needs to know about one kind of stream. */
export interface Aggregate<C, S, E extends NewEvent> {
  streamType: string;
  streamId(id: string): string;
  decider: Decider<C, S, E>;
  /** One schema per event type, checked before anything reaches the log. */
  eventSchemas: Record<E['type'], z.ZodType>;
  /** Who may see this aggregate's events, from its state after the command. */
  scope(id: string, state: S): EventScope;
}

/** Folds events into state from the decider's initial state. */
export function fold<C, S, E extends NewEvent>(decider: Decider<C, S, E>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}
