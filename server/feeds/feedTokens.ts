import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../events/store/types';

/**
 * Calendar feed tokens: one per user, in the feed's URL (calendar apps send no headers), so they
 * are kept as their SHA-256 only. Making a new one replaces the old (rotation); revoking deletes
 * it: a feed read with either answers 401.
 */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for the user, replacing any earlier one; the only time the token itself is seen. */
export async function issueFeedToken(db: Db, userId: string): Promise<{ token: string; created_at: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db<{ created_at: Date }[]>`
    INSERT INTO feed_tokens (user_id, token_hash, created_at) VALUES (${userId}, ${hashOf(token)}, now())
    ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at
    RETURNING created_at`;
  return { token, created_at: row!.created_at.toISOString() };
}

export async function revokeFeedToken(db: Db, userId: string): Promise<void> {
  await db`DELETE FROM feed_tokens WHERE user_id = ${userId}`;
}

export async function feedTokenStatus(db: Db, userId: string): Promise<{ active: boolean; created_at: string | null }> {
  const [row] = await db<{ created_at: Date }[]>`SELECT created_at FROM feed_tokens WHERE user_id = ${userId}`;
  return { active: !!row, created_at: row ? row.created_at.toISOString() : null };
}

/** The user whose feed token this is, or null. */
export async function feedTokenUser(db: Db, token: string): Promise<string | null> {
  const [row] = await db<{ user_id: string }[]>`SELECT user_id FROM feed_tokens WHERE token_hash = ${hashOf(token)}`;
  return row?.user_id ?? null;
}
