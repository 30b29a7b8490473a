import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Pool } from '../../events/store/types';
import { Id } from '@shared/schemas/common';
import { durationSeconds, tokenTimesProblem } from './tokenTimes';

const ISSUER = 'flexspace-operations';

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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'iat'] });
        if (tokenTimesProblem(payload, lifetime, new Date())) return null;
        // Only a UUID may reach the users table: anything else would be a database error there.
        const sub = Id.safeParse(payload.sub);
        return sub.success ? sub.data : null;
      } catch {
        return null;
      }
    },
  };
}
