import type { SecretBox } from '../settings/secretBox';

/** What a Gmail connection holds: Google's tokens and when the access token runs out (ISO 8601). */
export interface GmailTokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

/**
 * The tokens are sealed as one value with the settings' box (AES-256-GCM), the associated data
 * naming the field and the user: a sealed value copied to another user's connection does not open.
 */
const field = (userId: string) => `gmail_tokens:${userId}`;

export function sealTokens(box: SecretBox, userId: string, tokens: GmailTokens): string {
  return box.seal(JSON.stringify(tokens), field(userId));
}

/** The tokens, or null when they were sealed with another key, for another user, or tampered with. */
export function openTokens(box: SecretBox, userId: string, sealed: string): GmailTokens | null {
  const plain = box.open(sealed, field(userId));
  if (plain === null) return null;
  const tokens = JSON.parse(plain) as GmailTokens;
  return typeof tokens.access_token === 'string' && typeof tokens.refresh_token === 'string' ? tokens : null;
}

/** The PKCE verifier of a connection in progress, sealed the same way. */
export const VERIFIER_FIELD = 'gmail_code_verifier';
