/** Addresses in one Gmail search at most: a company with more contacts is searched by its first ones. */
export const MAX_ADDRESSES = 40;

/**
 * The Gmail search for messages to or from any of `addresses` (`from:a OR to:a OR from:b ...`),
 * each address once whatever its case; null when there is none (nothing to ask Gmail).
 */
export function emailQuery(addresses: readonly string[]): string | null {
  const unique = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter((a) => /^[^\s"(){}]+@[^\s"(){}]+$/.test(a)))].slice(0, MAX_ADDRESSES);
  if (unique.length === 0) return null;
  return unique.flatMap((a) => [`from:${a}`, `to:${a}`]).join(' OR ');
}
