import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

export interface LoginThrottleOptions {
  /** Failed attempts allowed per e-mail within the window. */
  perEmail?: number;
  /** Failed attempts allowed per client address within the window. */
  perAddress?: number;
  windowSeconds?: number;
}

/**
 * Counts failed sign-ins per e-mail and per client address; once either is spent, sign-in is
 * refused for the rest of the window, whether or not the password is right.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const duration = options.windowSeconds ?? 15 * 60;
  const byEmail = new RateLimiterMemory({ keyPrefix: 'email', points: options.perEmail ?? 5, duration });
  const byAddress = new RateLimiterMemory({ keyPrefix: 'ip', points: options.perAddress ?? 20, duration });

  const spent = (res: RateLimiterRes | null, limit: number) => (res && res.consumedPoints >= limit ? res : null);

  return {
    /** Seconds until the next attempt is allowed, or 0 when an attempt may go ahead. */
    async blockedFor(email: string, address: string): Promise<number> {
      const [e, a] = await Promise.all([byEmail.get(email.toLowerCase()), byAddress.get(address)]);
      const blocked = spent(e, byEmail.points) ?? spent(a, byAddress.points);
      return blocked ? Math.max(1, Math.ceil(blocked.msBeforeNext / 1000)) : 0;
    },
    async recordFailure(email: string, address: string) {
      await Promise.all([
        byEmail.penalty(email.toLowerCase(), 1),
        byAddress.penalty(address, 1),
      ]);
    },
    async recordSuccess(email: string) {
      await byEmail.delete(email.toLowerCase());
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
