import { describe, expect, it } from 'vitest';
import { accountLockSeconds } from '../../server/auth/accountLock';

const rules = { freeFailures: 10, maxSeconds: 900 };

describe('the account lock after failures from all addresses', () => {
  it('given failures within the free allowance, locks nothing', () => {
    for (const failures of [0, 1, 10]) expect(accountLockSeconds(failures, rules)).toBe(0);
  });

  it('given each failure past the allowance, doubles the lock from one second', () => {
    expect([11, 12, 13, 14, 20].map((n) => accountLockSeconds(n, rules))).toEqual([1, 2, 4, 8, 512]);
  });

  it('given very many failures, holds the lock at its ceiling', () => {
    expect(accountLockSeconds(21, rules)).toBe(900);
    expect(accountLockSeconds(1_000_000, rules)).toBe(900);
  });
});
