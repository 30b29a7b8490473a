import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Pool } from '../../events/store/types';

/** Sent only to the sign-in route, never readable by scripts. */
export const DEVICE_COOKIE = 'flexspace_device';
export const DEVICE_COOKIE_PATH = '/api/auth/login';
export const DEVICE_COOKIE_DAYS = 365;

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies"): a browser
 * that has signed in to an account holds a cookie naming that account, signed by the server.
 * Its sign-ins are counted on the cookie alone, so the limits that strangers' failures fill (the
 * address's, the account's lock) never keep it out: behind one shared address, or while a
 * guesser spreads over many, the owner's own browser still signs in.
 *
 * The value is `nonce.signature`, the signature an HMAC of the lower-cased e-mail and the nonce:
 * a cookie is good only for the account it was issued for, and the nonce names the device's own
 * counter.
 */
export function createDeviceCookies(key: Buffer) {
  const signatureOf = (email: string, nonce: string) => createHmac('sha256', key).update(`${email.toLowerCase()}\n${nonce}`).digest();
  return {
    issue(email: string): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${signatureOf(email, nonce).toString('base64url')}`;
    },
    /** The device's nonce when the cookie was issued for this e-mail by a node with this key, else null. */
    verify(value: string | undefined, email: string): string | null {
      const [nonce, signature, ...rest] = (value ?? '').split('.');
      if (!nonce || !signature || rest.length > 0 || nonce.length > 64) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = signatureOf(email, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** Generated once and kept in the database, so every node and every restart honours the same cookies. */
export async function loadDeviceCookieKey(sql: Pool): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  await sql`INSERT INTO app_secrets (name, value) VALUES ('device_cookie_key', ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = 'device_cookie_key'`;
  return Buffer.from(row!.value, 'base64url');
}
