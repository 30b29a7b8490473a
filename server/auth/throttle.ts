import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface LoginThrottleOptions {
  /** Attempts allowed for one e-mail from one client address within the window. */
  perEmailAndAddress?: number;
  /** Attempts allowed from one client address, whatever the e-mails, within the window. */
  perAddress?: number;
  windowSeconds?: number;
  /** Attempts allowed for one e-mail from every address together within emailWindowSeconds. */
  perEmail?: number;
  emailWindowSeconds?: number;
}

/**
 * Counts sign-in attempts per (e-mail, address), per address, and per e-mail over all
 * addresses. Once a counter is spent, sign-in is refused for the rest of its window, whether or
 * not the password is right.
 *
 * An attempt is counted before the password is checked: counted after the slow hash, a parallel
 * burst would all pass the check before the first failure was recorded. A successful sign-in
 * gives its attempt back and forgets that e-mail's failures from that address.
 *
 * The e-mail's own limit is per address, so a guesser elsewhere locks out only itself, not the
 * account's owner; the looser per e-mail limit only stops a guesser that moves between addresses.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const duration = options.windowSeconds ?? 15 * 60;
  // In the order they are taken: the narrowest first, so a refused attempt touches nothing else.
  const limiters = [
    new RateLimiterMemory({ keyPrefix: 'email+ip', points: options.perEmailAndAddress ?? 5, duration }),
    new RateLimiterMemory({ keyPrefix: 'ip', points: options.perAddress ?? 20, duration }),
    new RateLimiterMemory({ keyPrefix: 'email', points: options.perEmail ?? 50, duration: options.emailWindowSeconds ?? 60 * 60 }),
  ];
  const keysOf = (email: string, address: string) => {
    const e = email.toLowerCase();
    return [`${e} ${address}`, address, e];
  };

  return {
    /**
     * Counts one attempt: 0 when it may go ahead, else the seconds until one may. A refused
     * attempt is given back to the counters it was taken from.
     */
    async attempt(email: string, address: string): Promise<number> {
      const keys = keysOf(email, address);
      for (const [i, limiter] of limiters.entries()) {
        try {
          // Each consume counts and checks at once, so parallel attempts cannot overshoot.
          await limiter.consume(keys[i]!);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          await Promise.all(limiters.slice(0, i + 1).map((l, j) => l.reward(keys[j]!)));
          return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        }
      }
      return 0;
    },
    /** The password was right: the attempt is given back, and the e-mail's failures from that address forgotten. */
    async succeeded(email: string, address: string) {
      const [pair, ip, e] = keysOf(email, address);
      await Promise.all([limiters[0]!.delete(pair!), limiters[1]!.reward(ip!), limiters[2]!.reward(e!)]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
