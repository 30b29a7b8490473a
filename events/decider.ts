import type { z } from 'zod';
import { notFound } from './store/errors';
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
  /**
   * Who may see this aggregate's events, from its state after the command and before it (so an
   * aggregate that moves between locations is visible to both the old and the new one).
   */
  scope(id: string, next: S, previous: S): EventScope;
}

/** Folds events into state from the decider's initial state. */
export function fold<C, S, E extends NewEvent>(decider: Decider<C, S, E>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}

/**
 * The entries of `changes` that differ from `state` (undefined means "not given"): deciders
 * record only what really changes, so an edit that changes nothing records nothing.
 */
export function changedFields<T extends object>(changes: Partial<T>, state: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(state[key as keyof T]),
    ),
  ) as Partial<T>;
}

/** The aggregate's state once it exists; a command on a stream never created is a 404 with `message`. */
export function existing<S>(state: S | null, message: string): S {
  if (state === null) throw notFound(message);
  return state;
}
