import { RateLimiterRes } from 'rate-limiter-flexible';
import { memoryLimits, type LimiterStore } from '../limits/limiterStore';
import { accountLockSeconds } from './accountLock';

export interface LoginThrottleOptions {
  /** Attempts allowed for one e-mail from one client address within the window. */
  perEmailAndAddress?: number;
  /** Attempts allowed from one client address, whatever the e-mails, within the window. */
  perAddress?: number;
  windowSeconds?: number;
  /** Failures for one e-mail from all addresses together within emailWindowSeconds before the account is guarded. */
  perEmail?: number;
  emailWindowSeconds?: number;
  /** The longest the account's growing lock lasts. */
  maxLockSeconds?: number;
}

/** Never reached: the account's counter only counts, the lock does the refusing. */
const UNCAPPED = 1_000_000_000;

/**
 * Sign-in throttling that slows guessers without locking the owner out (OWASP's authentication
 * guidance prefers that to account lockout, which any stranger could trigger).
 *
 * What counts: an attempt whose password is checked, counted before the check (counted after the
 * slow hash, a parallel burst would all pass before the first failure was recorded). A successful
 * sign-in gives its attempt back, and forgets that e-mail's failures from that address (in the
 * account's count too: they were the owner's own). Refused attempts (429) count nowhere: the
 * password was never checked.
 *
 * Three rules for a client without a device cookie, each a 429 with Retry-After:
 * - per e-mail and address (5 per 15 minutes): a guesser at one address, right password or not;
 * - per address over all e-mails (20 per 15 minutes): one address spraying many accounts;
 * - per e-mail over all addresses: past 10 failures within the hour the account is locked for a
 *   second, doubling with each further failure up to 15 minutes. The lock refuses only addresses
 *   that have failed at this e-mail since their last success there: an address with no such
 *   failure still gets its password checked, so the owner signing in from an address of their
 *   own passes however many addresses a guesser spreads over, and a success forgets the owner's
 *   own typos. A guessing address gets one guess per lock instead of five per window.
 *
 * A browser with a device cookie for the e-mail (it signed in to that account before) is counted
 * on that cookie alone, 5 per 15 minutes: what strangers fill (the address's limit, the account's
 * lock) does not touch it, so the owner's browser signs in even behind an address shared with a
 * guesser.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}, store: LimiterStore = memoryLimits) {
  const duration = options.windowSeconds ?? 15 * 60;
  const pair = store({ keyPrefix: 'login:email+ip', points: options.perEmailAndAddress ?? 5, duration });
  const byAddress = store({ keyPrefix: 'login:ip', points: options.perAddress ?? 20, duration });
  const account = store({ keyPrefix: 'login:email', points: UNCAPPED, duration: options.emailWindowSeconds ?? 60 * 60 });
  // Only ever blocked and read: a key is locked while its points exceed 0.
  const lock = store({ keyPrefix: 'login:email-lock', points: 0, duration: 1 });
  // A signed device cookie's own counter (server/auth/deviceCookie.ts), as many tries as an address has at one e-mail.
  const device = store({ keyPrefix: 'login:device', points: options.perEmailAndAddress ?? 5, duration });
  const lockRules = { freeFailures: options.perEmail ?? 10, maxSeconds: options.maxLockSeconds ?? 15 * 60 };
  const waitOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    /**
     * Counts one attempt: 0 when its password may be checked, else the seconds until one may.
     * A refused attempt is given back to the counters it was taken from. Each consume counts and
     * checks in one step, so parallel attempts cannot overshoot a limit.
     */
    async attempt(email: string, address: string, deviceNonce?: string | null): Promise<number> {
      if (deviceNonce) {
        try {
          await device.consume(deviceNonce);
          return 0;
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          await device.reward(deviceNonce);
          return waitOf(error.msBeforeNext);
        }
      }
      const e = email.toLowerCase();
      const pairKey = `${e} ${address}`;
      let clean: boolean;
      try {
        // This address's first counted attempt at this e-mail since its last success or window:
        // no failures of its own, and none in flight beside it.
        clean = (await pair.consume(pairKey)).consumedPoints <= 1;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await pair.reward(pairKey);
        return waitOf(error.msBeforeNext);
      }
      try {
        await byAddress.consume(address);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await Promise.all([pair.reward(pairKey), byAddress.reward(address)]);
        return waitOf(error.msBeforeNext);
      }
      const locked = await lock.get(e);
      const lockMs = locked && locked.consumedPoints > 0 ? locked.msBeforeNext : 0;
      if (lockMs > 0 && !clean) {
        await Promise.all([pair.reward(pairKey), byAddress.reward(address)]);
        return waitOf(lockMs);
      }
      const failures = (await account.consume(e)).consumedPoints;
      const seconds = accountLockSeconds(failures, lockRules);
      // Never shortens a lock a later failure on another node has already set longer.
      if (seconds * 1000 > lockMs) await lock.block(e, seconds);
      return 0;
    },
    /**
     * The password was right: the attempt is given back, and the e-mail's failures from that
     * address forgotten, in the account's count too (the owner's own typos, not a guesser's).
     */
    async succeeded(email: string, address: string, deviceNonce?: string | null) {
      if (deviceNonce) {
        await device.delete(deviceNonce);
        return;
      }
      const e = email.toLowerCase();
      const pairKey = `${e} ${address}`;
      const own = (await pair.get(pairKey))?.consumedPoints ?? 1;
      const [, , left] = await Promise.all([pair.delete(pairKey), byAddress.reward(address), account.reward(e, Math.max(own, 1))]);
      // A lock those typos alone had set goes with them; one the remaining failures earn stays.
      if (accountLockSeconds(left.consumedPoints, lockRules) === 0) await lock.delete(e);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
