import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Db } from '../../events/store/types';
import type { SecretBox } from '../settings/secretBox';
import { VERIFIER_FIELD } from './tokenBox';

/** How long a started connection may take to come back from Google. */
export const STATE_TTL_MS = 10 * 60_000;

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * Starts a connection: a random state bound to the user and the redirect address, and a PKCE
 * verifier, kept (the state only as its hash, the verifier sealed) until the callback takes them.
 * Expired states of anyone are dropped on the way.
 */
export async function startOAuthState(db: Db, box: SecretBox, userId: string, redirectUri: string, now: Date) {
  const state = oauth.generateRandomState();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  await db`DELETE FROM gmail_oauth_states WHERE expires_at <= ${now}`;
  await db`
    INSERT INTO gmail_oauth_states ${db({
      state_hash: hash(state),
      user_id: userId,
      code_verifier: box.seal(codeVerifier, VERIFIER_FIELD),
      redirect_uri: redirectUri,
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
      created_at: now,
    })}`;
  return { state, codeChallenge };
}

/**
 * Takes (deletes) the user's own unexpired state: it works once. Another user's state is left
 * alone and refused, like an unknown, used or expired one: null.
 */
export async function takeOAuthState(db: Db, box: SecretBox, userId: string, state: string, now: Date) {
  const [row] = await db<{ code_verifier: string; redirect_uri: string }[]>`
    DELETE FROM gmail_oauth_states
    WHERE state_hash = ${hash(state)} AND user_id = ${userId} AND expires_at > ${now}
    RETURNING code_verifier, redirect_uri`;
  if (!row) return null;
  const codeVerifier = box.open(row.code_verifier, VERIFIER_FIELD);
  return codeVerifier === null ? null : { codeVerifier, redirectUri: row.redirect_uri };
}
