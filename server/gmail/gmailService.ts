import { gmailAggregate } from '../../events/gmail/decider';
import type { CommandContext, HandleCommand } from '../../events/handleCommand';
import type { Pool, Tx } from '../../events/store/types';
import { companyName, getContact, listContacts } from '../../projections/crm/queries';
import { getGmailConnection, getGmailConnectionRow } from '../../projections/gmail/queries';
import { GMAIL_MESSAGES, type GmailConnection, type GmailEmail, type GmailEmailsQuery, type GmailStatus } from '@shared/schemas/gmail';
import { HttpError, notFoundHttp } from '../httpError';
import type { SecretBox } from '../settings/secretBox';
import { emailQuery } from './emailQuery';
import { gmailAccess, storedTokens } from './gmailAccess';
import { gmailApi } from './gmailApi';
import { missingGoogleSettings, type GoogleConfig } from './googleConfig';
import { googleOAuth, type GoogleOAuth } from './googleOAuth';
import { startOAuthState, takeOAuthState } from './oauthStates';
import { sealTokens } from './tokenBox';

/**
 * A user's Gmail connection and e-mail history: starting and completing Google's OAuth flow,
 * disconnecting, and the messages exchanged with a contact or a company's contacts.
 */
export function gmailService(sql: Pool, handle: HandleCommand, box: SecretBox, config: GoogleConfig) {
  const missing = missingGoogleSettings(config);
  let client: GoogleOAuth | null = null;
  /** The OAuth client, once the server is set up for one; otherwise a clear refusal naming what to set. */
  const oauth = (): GoogleOAuth => {
    if (missing.length > 0 || !config.clientId || !config.clientSecret) {
      throw new HttpError(409, `Gmail is not set up on this server: set ${missing.join(' and ')} (a Google OAuth client) and restart it.`);
    }
    client ??= googleOAuth({ ...config, clientId: config.clientId, clientSecret: config.clientSecret });
    return client;
  };
  const api = gmailApi(config.gmailApiUrl);
  const withAccessToken = gmailAccess(sql, box, oauth);
  const commandOptions = (userId: string) => ({
    action: 'gmail.connect' as const,
    read: (db: Tx) => getGmailConnection(db, userId),
  });

  return {
    async status(userId: string): Promise<GmailStatus> {
      return { ...(await getGmailConnection(sql, userId)), configured: missing.length === 0, missing_settings: missing };
    },

    /** Google's address to send the browser to, with a fresh state and PKCE challenge. */
    async start(userId: string, redirectUri: string): Promise<string> {
      const google = oauth();
      const { state, codeChallenge } = await startOAuthState(sql, box, userId, redirectUri, new Date());
      return google.authorizationUrl(state, codeChallenge, redirectUri);
    },

    /** The callback: the user's own unused state, the code exchanged, the account named, the connection recorded. */
    async complete(context: CommandContext, userId: string, input: { code: string; state: string; redirect_uri: string }): Promise<GmailConnection> {
      const google = oauth();
      const started = await takeOAuthState(sql, box, userId, input.state, new Date());
      if (!started || started.redirectUri !== input.redirect_uri) throw new HttpError(400, GMAIL_MESSAGES.badState);
      const tokens = await google.exchangeCode(input.code, input.state, started.codeVerifier, started.redirectUri, new Date());
      const gmail_address = await api.profileAddress(tokens.access_token);
      const ciphertext = sealTokens(box, userId, { access_token: tokens.access_token, refresh_token: tokens.refresh_token!, expires_at: tokens.expires_at });
      const { view } = await handle(gmailAggregate, userId, { type: 'ConnectGmail', gmail_address, ciphertext }, context, commandOptions(userId));
      return view;
    },

    /**
     * Disconnects, and drops the refreshed tokens with it, in one transaction (through the
     * command path's own transaction, so the change is announced to the live push at once).
     */
    async disconnect(context: CommandContext, userId: string, expectedVersion?: number): Promise<GmailConnection> {
      const connection = await getGmailConnectionRow(sql, userId);
      const grant = connection?.connected ? await storedTokens(sql, box, connection) : null;
      const view = await handle.transaction(async (run, tx) => {
        const { view } = await run(gmailAggregate, userId, { type: 'DisconnectGmail' }, context, { ...commandOptions(userId), expectedVersion });
        await forgetRefreshedTokens(tx, userId);
        return view;
      });
      // Then Google is told to drop the grant, so "stop email tracking" holds at Google too. The
      // server has forgotten the tokens either way: a grant Google could not be told about now
      // stays revocable by the user in their Google account, and the disconnect still stands.
      if (grant && missing.length === 0) await oauth().revoke(grant.refresh_token).catch(() => undefined);
      return view;
    },

    /** The newest messages to or from the contact, or any contact of the company. */
    async emails(userId: string, query: GmailEmailsQuery): Promise<GmailEmail[]> {
      const connection = await getGmailConnectionRow(sql, userId);
      if (!connection?.connected) throw new HttpError(409, GMAIL_MESSAGES.notConnected);
      const addresses = await addressesOf(sql, query);
      const q = emailQuery(addresses);
      if (q === null) return [];
      return withAccessToken(connection, (accessToken) => api.messages(accessToken, q));
    },
  };
}
export type GmailService = ReturnType<typeof gmailService>;

async function addressesOf(sql: Pool, query: GmailEmailsQuery): Promise<string[]> {
  if (query.contact_id) {
    const contact = await getContact(sql, query.contact_id);
    if (!contact) throw notFoundHttp('Contact not found');
    return [contact.email];
  }
  const companyId = query.company_id!;
  if ((await companyName(sql, companyId)) === null) throw notFoundHttp('Company not found');
  return (await listContacts(sql, { company_id: companyId })).map((c) => c.email);
}

/** The tokens kept beside the log for a user (refreshed ones, connections under way): gone on disconnect and on deletion. */
export async function forgetRefreshedTokens(tx: Tx, userId: string): Promise<void> {
  await tx`DELETE FROM gmail_access_tokens WHERE user_id = ${userId}`;
  await tx`DELETE FROM gmail_oauth_states WHERE user_id = ${userId}`;
}
