/**
 * How long an account stays guarded after failures over all addresses together: nothing for the
 * first `freeFailures` in the window, then one second doubling with each further failure, up to
 * `maxSeconds`. While the lock lasts only addresses with no recent failures get a password check
 * (server/auth/throttle.ts), so the lock slows a guesser down without keeping the owner out.
 */
export function accountLockSeconds(failures: number, rules: { freeFailures: number; maxSeconds: number }): number {
  const beyond = failures - rules.freeFailures;
  if (beyond <= 0) return 0;
  // 2 ** 31 and above are all past any sensible ceiling; capping the exponent keeps it finite.
  return Math.min(2 ** Math.min(beyond - 1, 30), rules.maxSeconds);
}
