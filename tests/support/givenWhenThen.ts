import { expect, it } from 'vitest';
import { fold, type Decider } from '../../events/decider';
import { DomainError } from '../../events/store/errors';
import type { NewEvent } from '../../events/store/types';

/**
 * given(past events).when(command).then(new events) / .thenRefuses(status, message), for pure
 * deciders: no database, no clock.
 */
interface Then<E> {
  then(expected: E[]): void;
  thenRefuses(status: DomainError['status'], message: string): void;
}

export function specFor<C, S, E extends NewEvent>(decider: Decider<C, S, E>) {
  return (given: E[]) => ({
    when: (command: C): Then<E> => {
      const run = () => decider.decide(command, fold(decider, given));
      return {
        then(expected: E[]) {
          expect(run()).toEqual(expected);
        },
        thenRefuses(status: DomainError['status'], message: string) {
          let error: unknown;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).status).toBe(status);
          expect((error as DomainError).message).toBe(message);
        },
      };
    },
  });
}

/** Distinct fixed ids for a spec's rows, by name: the first is `11111111-1b2c-…`, the next `22222222-1b2c-…`, and so on. */
export function fixedIds<K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name, i) => [name, `${String(i + 1).repeat(8)}-1b2c-4d5e-8f90-123456789abc`])) as Record<K, string>;
}

/**
 * The two rules every creating command keeps: from nothing it records `created`, and on a stream
 * that exists it is refused (409, `refusal`).
 */
export function createsOnce<C, E extends NewEvent>(given: (events: E[]) => { when(command: C): Then<E> }, what: string, create: C, created: E, refusal: string) {
  it(`given nothing, when ${what} is created, then it is recorded`, () => {
    given([]).when(create).then([created]);
  });
  it(`given ${what}, when it is created again, then that is refused`, () => {
    given([created]).when(create).thenRefuses(409, refusal);
  });
}
