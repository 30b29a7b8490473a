import * as oauth from 'oauth4webapi';
import { HttpError } from '../httpError';
import { GMAIL_SCOPE, GOOGLE_DEFAULTS, type GoogleConfig } from './googleConfig';

/** Google answers within seconds; a request hanging longer is a provider failure, said as such. */
const TIMEOUT_MS = 10_000;
/** An access token this close to its end is refreshed first: it could run out mid-request. */
export const EXPIRY_MARGIN_MS = 60_000;

/** Google's tokens after a code exchange or a refresh. */
export interface TokenSet {
  access_token: string;
  /** Absent from most refresh answers: the refresh token stays the same. */
  refresh_token?: string;
  expires_at: string;
}

/** Plain http only for a stand-in on this machine (tests); anything else must be https. */
const loopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/**
 * The OAuth 2.0 authorization-code flow with PKCE (S256) against Google, through oauth4webapi:
 * the authorization address, the code exchange and the refresh grant, with the client's secret
 * posted in the body as Google documents.
 */
export function googleOAuth(config: GoogleConfig & { clientId: string; clientSecret: string }) {
  const as: oauth.AuthorizationServer = {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: config.authUrl,
    token_endpoint: config.tokenUrl,
    revocation_endpoint: config.revokeUrl ?? GOOGLE_DEFAULTS.revokeUrl,
  };
  const client: oauth.Client = { client_id: config.clientId };
  const auth = oauth.ClientSecretPost(config.clientSecret);
  const options = () => ({ [oauth.allowInsecureRequests]: loopback(config.tokenUrl), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const tokenSet = (answer: oauth.TokenEndpointResponse, now: Date): TokenSet => ({
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_at: new Date(now.getTime() + (answer.expires_in ?? 3600) * 1000).toISOString(),
  });

  return {
    authorizationUrl(state: string, codeChallenge: string, redirectUri: string): string {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GMAIL_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // A refresh token, and asked for again on every connection (Google gives it only with consent).
        access_type: 'offline',
        prompt: 'consent',
      }).toString();
      return url.toString();
    },

    async exchangeCode(code: string, state: string, codeVerifier: string, redirectUri: string, now: Date): Promise<TokenSet> {
      const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code, state }), state);
      const answer = await call('exchange the authorization code', async () =>
        oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, codeVerifier, options())),
      );
      if (!answer.refresh_token) throw new HttpError(502, 'Google gave no refresh token; connect Gmail again');
      return tokenSet(answer, now);
    },

    async refresh(refreshToken: string, now: Date): Promise<TokenSet> {
      const answer = await call('refresh the Gmail access token', async () =>
        oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options())),
      );
      return tokenSet(answer, now);
    },

    /** Tells Google to drop the grant (RFC 7009): the refresh token and the access tokens it gave. */
    async revoke(refreshToken: string): Promise<void> {
      const revokeOptions = { [oauth.allowInsecureRequests]: loopback(as.revocation_endpoint!), signal: AbortSignal.timeout(TIMEOUT_MS) };
      await call('revoke the Gmail grant', async () => oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshToken, revokeOptions)));
    },
  };
}
export type GoogleOAuth = ReturnType<typeof googleOAuth>;

/**
 * Google's refusals (an OAuth error answer: a used or wrong code, a revoked grant) are the
 * caller's to act on: 400 on a code, 409 on a stored grant. Anything else (unreachable, a 5xx, a
 * malformed answer) is a provider failure: 502, with what was being done.
 */
async function call<T>(doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      const detail = error.error_description ? `${error.error}: ${error.error_description}` : error.error;
      if (error.error === 'invalid_grant' && doing.startsWith('refresh')) {
        throw new HttpError(409, `Google no longer accepts this Gmail connection (${detail}). Disconnect and connect Gmail again in Settings → Integrations.`);
      }
      throw new HttpError(error.status >= 500 ? 502 : 400, `Google refused to ${doing} (${detail})`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(502, `Could not ${doing}: Google could not be reached or answered unexpectedly (${reason})`);
  }
}
