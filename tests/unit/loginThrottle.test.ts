import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../server/auth/throttle';

/**
 * The sign-in rules on the memory store (the server counts in PostgreSQL: tests/api/throttle and
 * tests/api/sharedLimits). `attempt` answers 0 when the password may be checked, else the wait.
 */

const OWNER = 'owner@example.com';
const address = (i: number) => `203.0.113.${i}`;

/** An attempt whose password turns out wrong: it stays counted. */
const fail = (throttle: ReturnType<typeof createLoginThrottle>, email: string, from: string) => throttle.attempt(email, from);

describe('a guesser spread over many addresses', () => {
  it('locks the account against the addresses that failed there, not against a clean one', async () => {
    const throttle = createLoginThrottle();
    const checked: string[] = [];
    for (let i = 1; i <= 11; i++) {
      for (let n = 0; n < 5; n++) if ((await fail(throttle, OWNER, address(i))) === 0) checked.push(`${i}.${n}`);
    }
    // Ten free failures (two addresses' five each), then the lock: one guess per further address.
    expect(checked).toHaveLength(19);
    expect(checked.slice(10)).toEqual(['3.0', '4.0', '5.0', '6.0', '7.0', '8.0', '9.0', '10.0', '11.0']);
    // Every guessing address is refused now (its own five, and the account's lock).
    for (let i = 1; i <= 11; i++) expect(await throttle.attempt(OWNER, address(i))).toBeGreaterThan(0);
    // The owner, from an address with no failures there, gets the password checked.
    expect(await throttle.attempt(OWNER, address(100))).toBe(0);
    await throttle.succeeded(OWNER, address(100));
    expect(await throttle.attempt(OWNER, address(100))).toBe(0);
  });

  it('gives a fresh address one guess while the account is locked, then refuses it for the lock', async () => {
    const throttle = createLoginThrottle({ perEmail: 3 });
    for (let i = 1; i <= 20; i++) expect(await fail(throttle, OWNER, address(i))).toBe(0);
    // 20 failures, 17 past the allowance: the lock is at its 15-minute ceiling.
    const wait = await throttle.attempt(OWNER, address(1));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(await fail(throttle, OWNER, address(50))).toBe(0);
    expect(await throttle.attempt(OWNER, address(50))).toBeGreaterThan(14 * 60);
    // Other accounts are not locked.
    expect(await throttle.attempt('someone@example.com', address(1))).toBe(0);
  });

  it('forgets the owner\'s own typos on success, so they never add up to a lock', async () => {
    const throttle = createLoginThrottle({ perEmail: 3 });
    for (let round = 0; round < 5; round++) {
      for (let n = 0; n < 3; n++) expect(await fail(throttle, OWNER, address(7))).toBe(0);
      expect(await throttle.attempt(OWNER, address(7))).toBe(0);
      await throttle.succeeded(OWNER, address(7));
    }
  });

  it('a burst from one address at a locked account gets one check at most', async () => {
    const throttle = createLoginThrottle({ perEmail: 2 });
    for (let i = 1; i <= 12; i++) await fail(throttle, OWNER, address(i));
    const clean = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt(OWNER, address(60))));
    expect(clean.filter((wait) => wait === 0)).toHaveLength(1);
    const failed = await Promise.all(Array.from({ length: 10 }, () => throttle.attempt(OWNER, address(3))));
    expect(failed.filter((wait) => wait === 0)).toHaveLength(0);
  });
});

describe('a guesser at one address', () => {
  it('gets five tries at an e-mail, then waits out the window, right password or not', async () => {
    const throttle = createLoginThrottle();
    for (let n = 0; n < 5; n++) expect(await fail(throttle, OWNER, address(1))).toBe(0);
    expect(await throttle.attempt(OWNER, address(1))).toBeGreaterThan(14 * 60);
  });

  it('gets twenty tries over all e-mails', async () => {
    const throttle = createLoginThrottle();
    for (let n = 0; n < 20; n++) expect(await fail(throttle, `spray-${n}@example.com`, address(2))).toBe(0);
    expect(await throttle.attempt('spray-99@example.com', address(2))).toBeGreaterThan(0);
  });
});
