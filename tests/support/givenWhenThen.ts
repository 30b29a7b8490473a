import { expect } from 'vitest';
import { fold, type Decider } from '../../events/decider';
import { DomainError } from '../../events/store/errors';
import type { NewEvent } from '../../events/store/types';

/**
 * given(past events).when(command).then(new events) / .thenRefuses(status, message), for pure
 * deciders: no database, no clock.
 */
export function specFor<C, S, E extends NewEvent>(decider: Decider<C, S, E>) {
  return (given: E[]) => ({
    when: (command: C) => {
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
