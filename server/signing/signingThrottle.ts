import type { Context, Next } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../httpError';
import type { LimiterStore } from '../limits/limiterStore';

/**
 * The public signing routes need no sign-in, so each client address gets a budget of requests
 * (rate-limiter-flexible, counted in the store given: PostgreSQL in the server, shared by every
 * node): enough for a signer reloading and signing, far too few for guessing or flooding. Over it:
 * 429 with Retry-After.
 */
export function signingThrottle(
  store: LimiterStore,
  { points = 120, durationSeconds = 60 }: { points?: number; durationSeconds?: number } = {},
) {
  const limiter = store({ keyPrefix: 'signing', points, duration: durationSeconds });
  return async function throttled(ctx: Context, next: Next) {
    try {
      await limiter.consume(ctx.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const wait = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw new HttpError(429, `Too many requests. Try again in ${wait} seconds.`, undefined, { 'Retry-After': wait });
    }
    await next();
  };
}
