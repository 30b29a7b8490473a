import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Pool } from '../../events/store/types';
import { Id } from '@shared/schemas/common';
import { durationSeconds, tokenTimesProblem } from './tokenTimes';

const ISSUER = 'flexspace-operations';

/** Verified tokens remembered at most; past it the memory starts over. */
const VERIFIED_KEPT = 10_000;

export interface TokenService {
  sign(userId: string): Promise<string>;
  /**
   * The user id of a valid token, or null for a missing, malformed, tampered or expired one, and
   * for one without an expiry or whose subject is not a user id (a UUID), and for one issued in
   * the future or lasting longer than the configured lifetime (tokenTimes.ts).
   */
  verify(token: string | undefined | null): Promise<string | null>;
}

/**
 * The signing key comes from configuration or is generated once and kept in the database, so
 * every server on that database, and every restart, accepts the same tokens.
 */
export async function loadSigningKey(sql: Pool, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = randomBytes(48).toString('base64url');
  await sql`INSERT INTO app_secrets (name, value) VALUES ('jwt_signing_key', ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = 'jwt_signing_key'`;
  return new TextEncoder().encode(row!.value);
}

export function createTokenService(key: Uint8Array, ttl: string): TokenService {
  const lifetime = durationSeconds(ttl);
  /**
   * Tokens whose signature and claims were checked, with the times that still need checking
   * against the clock: a signature valid once is valid for good under the same key, and checking
   * it again (an HMAC through WebCrypto) was a tenth of a write's CPU. Failures are not kept.
   */
  const verified = new Map<string, { sub: string; iat: number; exp: number }>();
  const stillValid = (kept: { iat: number; exp: number }, now: Date) => kept.exp > Math.floor(now.getTime() / 1000) && !tokenTimesProblem(kept, lifetime, now);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),
    async verify(token) {
      if (!token) return null;
      const kept = verified.get(token);
      if (kept) return stillValid(kept, new Date()) ? kept.sub : null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'iat'] });
        if (tokenTimesProblem(payload, lifetime, new Date())) return null;
        // Only a UUID may reach the users table: anything else would be a database error there.
        const sub = Id.safeParse(payload.sub);
        if (!sub.success) return null;
        if (verified.size >= VERIFIED_KEPT) verified.clear();
        verified.set(token, { sub: sub.data, iat: payload.iat!, exp: payload.exp! });
        return sub.data;
      } catch {
        return null;
      }
    },
  };
}
