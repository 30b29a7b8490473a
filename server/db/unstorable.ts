/**
 * SQLSTATEs of a value the database will not take: NUL or an unpaired surrogate in text (22021)
 * or jsonb (22P05), a number past its column's type (22003). The request schemas refuse all of
 * these first, naming the field; this is the net under them for a value that reaches a query
 * another way, so that it is still the client's 400 and not a 500.
 */
const UNSTORABLE_STATES = new Set(['22021', '22P05', '22003']);

export function isUnstorableValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_STATES.has(code);
}
