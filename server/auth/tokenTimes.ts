/**
 * The times a token states about itself, checked against what this server would have issued:
 * jose checks `exp` against now, but a token signed with our key (a leaked key, a bug, a clock
 * gone wrong) could still claim to be issued in the future or to last ten years. A token must say
 * when it was issued, not later than now (give or take the clock skew between nodes), and must
 * not outlive the lifetime this server gives tokens of its kind.
 */

/** Clocks of the nodes on one database may differ by this much. */
export const CLOCK_SKEW_SECONDS = 60;

export interface TokenTimes {
  iat?: number;
  exp?: number;
}

/** Null when the token's times are ones this server could have issued; else what is wrong. */
export function tokenTimesProblem(times: TokenTimes, lifetimeSeconds: number, now: Date): string | null {
  const { iat, exp } = times;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return 'no issue time';
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return 'no expiry';
  if (iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) return 'issued in the future';
  if (exp - iat > lifetimeSeconds + CLOCK_SKEW_SECONDS) return 'lasts longer than this server issues tokens for';
  return null;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_557_600 };

/**
 * A lifetime as jose's setExpirationTime reads it ('12h', '30 minutes', '1.5d', '2 weeks'), in
 * seconds; throws on anything else, so a configuration jose would refuse fails at start.
 */
export function durationSeconds(text: string): number {
  const match = /^(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i.exec(text.trim());
  if (!match) throw new Error(`Not a duration: ${text} (write it as 12h, 30m, 7d)`);
  return Math.round(parseFloat(match[1]!) * UNIT_SECONDS[match[2]![0]!.toLowerCase()]!);
}
