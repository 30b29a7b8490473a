import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { Id } from '@shared/schemas/common';
import type { Pool } from '../../events/store/types';
import { tokenTimesProblem } from '../auth/tokenTimes';

const ISSUER = 'flexspace-operations';
/** Its own audience and its own key: a session token is never a signing link, nor the reverse. */
const AUDIENCE = 'deal-signing';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a signing link's token names: the deal, the request (token id), and the agreement it is bound to. */
export interface SigningClaims {
  deal_id: string;
  token_id: string;
  agreement_version: number;
  sha256: string;
  expires_at: Date;
}

export type VerifiedLink = { ok: true; claims: SigningClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface SigningLinks {
  /** When a link sent now stops working. */
  expiry(now: Date): Date;
  mint(claims: SigningClaims): Promise<string>;
  verify(token: string): Promise<VerifiedLink>;
  /** The public signing page of a token, under the configured public URL or the request's origin. */
  pageUrl(token: string, requestOrigin: string): string;
}

/**
 * The key signing links are signed with: generated once and kept in the database beside the
 * session key (app_secrets), so every server on the database, and every restart, honours the links.
 */
export async function loadSigningLinkKey(sql: Pool): Promise<Uint8Array> {
  const candidate = randomBytes(48).toString('base64url');
  await sql`INSERT INTO app_secrets (name, value) VALUES ('signing_link_key', ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = 'signing_link_key'`;
  return new TextEncoder().encode(row!.value);
}

/**
 * Signing links: a JWT (HS256, jose) naming the deal, the request's token id, the agreement
 * version and its SHA-256, with an expiry. The token proves what it names; whether the request is
 * still the open one (not replaced, not yet signed) is the deal's state, checked by its command.
 */
export function createSigningLinks(key: Uint8Array, options: { ttlDays: number; publicUrl?: string }): SigningLinks {
  const lifetime = Math.ceil((options.ttlDays * DAY_MS) / 1000);
  return {
    // Whole seconds, as the token's `exp` holds it: the event and the token name the same instant.
    expiry: (now) => new Date(Math.floor((now.getTime() + options.ttlDays * DAY_MS) / 1000) * 1000),
    mint: (claims) =>
      new SignJWT({ ver: claims.agreement_version, sha: claims.sha256 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.deal_id)
        .setJti(claims.token_id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expires_at.getTime() / 1000))
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'jti', 'iat'] });
        // Issued in the future, or valid for longer than links are sent for: not one this server made.
        if (tokenTimesProblem(payload, lifetime, new Date())) return { ok: false, reason: 'invalid' };
        const deal = Id.safeParse(payload.sub);
        const tokenId = Id.safeParse(payload.jti);
        const { ver, sha } = payload as { ver?: unknown; sha?: unknown };
        if (!deal.success || !tokenId.success || typeof ver !== 'number' || typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha)) {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, claims: { deal_id: deal.data, token_id: tokenId.data, agreement_version: ver, sha256: sha, expires_at: new Date(payload.exp! * 1000) } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
    pageUrl: (token, requestOrigin) => `${(options.publicUrl ?? requestOrigin).replace(/\/+$/, '')}/sign/${token}`,
  };
}

/** A fresh request's token id. */
export const newTokenId = () => randomUUID();
