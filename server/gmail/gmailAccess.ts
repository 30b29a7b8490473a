import type { Pool } from '../../events/store/types';
import type { GmailConnectionRow } from '../../projections/gmail/queries';
import { HttpError } from '../httpError';
import type { SecretBox } from '../settings/secretBox';
import { GmailUnauthorized } from './gmailApi';
import { EXPIRY_MARGIN_MS, type GoogleOAuth } from './googleOAuth';
import { openTokens, sealTokens, type GmailTokens } from './tokenBox';

const UNREADABLE =
  'The stored Gmail connection cannot be opened with this server’s SETTINGS_KEY. Disconnect and connect Gmail again in Settings → Integrations.';

/** The connection's newest tokens: a refresh's, if it belongs to this connection, else its own; null when they cannot be opened. */
export async function storedTokens(sql: Pool, box: SecretBox, connection: GmailConnectionRow): Promise<GmailTokens | null> {
  const [refreshed] = await sql<{ ciphertext: string }[]>`
    SELECT ciphertext FROM gmail_access_tokens WHERE user_id = ${connection.id} AND connection_version = ${connection.version}`;
  const sealed = refreshed?.ciphertext ?? connection.ciphertext;
  return sealed === null ? null : openTokens(box, connection.id, sealed);
}

/**
 * A working access token for a user's connection: the newest tokens (a refresh's, if it belongs
 * to this connection, else the connection's own), refreshed first when about to run out, and
 * refreshed once more if Gmail refuses the token anyway (revoked, or a clock apart).
 */
export function gmailAccess(sql: Pool, box: SecretBox, oauth: () => GoogleOAuth) {
  async function current(connection: GmailConnectionRow): Promise<GmailTokens> {
    const tokens = await storedTokens(sql, box, connection);
    if (!tokens) throw new HttpError(409, UNREADABLE);
    return tokens;
  }

  async function refresh(connection: GmailConnectionRow, tokens: GmailTokens): Promise<GmailTokens> {
    const now = new Date();
    const fresh = await oauth().refresh(tokens.refresh_token, now);
    const next: GmailTokens = { access_token: fresh.access_token, refresh_token: fresh.refresh_token ?? tokens.refresh_token, expires_at: fresh.expires_at };
    // Kept only while the connection it belongs to still stands (a disconnect may have come meanwhile).
    await sql`
      INSERT INTO gmail_access_tokens (user_id, connection_version, ciphertext, refreshed_at)
      SELECT ${connection.id}, ${connection.version}, ${sealTokens(box, connection.id, next)}, ${now}
      WHERE EXISTS (SELECT 1 FROM gmail_connections WHERE id = ${connection.id} AND version = ${connection.version} AND connected)
      ON CONFLICT (user_id) DO UPDATE SET connection_version = EXCLUDED.connection_version, ciphertext = EXCLUDED.ciphertext, refreshed_at = EXCLUDED.refreshed_at`;
    return next;
  }

  return async function withAccessToken<T>(connection: GmailConnectionRow, use: (accessToken: string) => Promise<T>): Promise<T> {
    let tokens = await current(connection);
    if (new Date(tokens.expires_at).getTime() - EXPIRY_MARGIN_MS <= Date.now()) tokens = await refresh(connection, tokens);
    try {
      return await use(tokens.access_token);
    } catch (error) {
      if (!(error instanceof GmailUnauthorized)) throw error;
    }
    tokens = await refresh(connection, tokens);
    try {
      return await use(tokens.access_token);
    } catch (error) {
      if (error instanceof GmailUnauthorized) throw new HttpError(502, 'Gmail refused a freshly refreshed access token');
      throw error;
    }
  };
}
