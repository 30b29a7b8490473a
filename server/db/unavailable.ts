/** Socket errors, and postgres.js's own, when the database cannot be reached or dropped the connection. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** SQLSTATEs of a server that refuses work for now: too many connections, shutting down, starting up. */
const UNAVAILABLE_STATES = new Set(['53300', '57P01', '57P02', '57P03']);

/**
 * True when an error says the database is out of reach rather than that the query was wrong:
 * the caller may retry in a moment, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  // Class 08: connection exceptions.
  return CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}
