import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Google on this machine, so tests never reach the internet: the OAuth
 * authorization page (redirects straight back with a code and the state), the token endpoint
 * (checks the code, its redirect address, the PKCE verifier against the challenge and the client's
 * id and secret; issues access and refresh tokens; takes the refresh_token grant), and the Gmail
 * API calls the server makes (profile, messages.list with a `from:x OR to:y` query,
 * messages.get with format=metadata), each checking the bearer token.
 *
 * Tests in another process (Playwright's) add messages with POST /standin/messages.
 */
export interface StandInMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  snippet: string;
  date: Date;
  unread: boolean;
}

export interface GoogleStandInOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  account?: string;
}

const CLIENT_ID = 'standin-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'standin-client-secret';

export async function startGoogleStandIn(options: GoogleStandInOptions = {}) {
  const clientId = options.clientId ?? CLIENT_ID;
  const clientSecret = options.clientSecret ?? CLIENT_SECRET;
  const account = options.account ?? 'sales.desk@flexspace.example';
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, { expires: number; revoked: boolean }>();
  const refreshTokens = new Set<string>();
  const messages: StandInMessage[] = [];

  const standIn = {
    clientId,
    clientSecret,
    account,
    messages,
    /** Lifetime of the access tokens issued from now on, in seconds. */
    accessTokenLifetime: 3600,
    codeGrants: 0,
    refreshGrants: 0,
    /** Every access token issued and every refresh token, in order: tests look for them in the database. */
    issued: [] as string[],
    /** The q of every messages.list, and the bearer token each Gmail call used. */
    queries: [] as string[],
    bearers: [] as string[],
    /** Gmail refuses every access token issued so far (as after a revocation): the server must refresh. */
    revokeAccessTokens() {
      for (const token of accessTokens.values()) token.revoked = true;
    },
    addMessage(message: Omit<StandInMessage, 'id'> & { id?: string }) {
      messages.push({ ...message, id: message.id ?? randomBytes(8).toString('hex') });
    },
    url: '',
    /** Refresh tokens revoked at the revocation endpoint, in order. */
    revoked: [] as string[],
    config: { clientId, clientSecret, authUrl: '', tokenUrl: '', gmailApiUrl: '', revokeUrl: '' },
    /**
     * What a browser would do with the authorization address: load it and take the redirect's
     * code and state (for API tests, which have no browser).
     */
    async authorize(authUrl: string): Promise<{ code: string; state: string; location: string }> {
      const res = await fetch(authUrl, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
      const back = new URL(location);
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', location };
    },
    close: async () => {},
  };

  const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) => json(res, status, { error, error_description: description });
  const readBody = async (req: IncomingMessage) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  };
  const issueAccess = () => {
    const access = token('ya29.standin-');
    accessTokens.set(access, { expires: Date.now() + standIn.accessTokenLifetime * 1000, revoked: false });
    standIn.issued.push(access);
    return access;
  };

  function authorizePage(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const redirect = p.get('redirect_uri');
    if (p.get('client_id') !== clientId || !redirect) return oauthError(res, 400, 'invalid_request', 'unknown client or no redirect_uri');
    if (p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
      return oauthError(res, 400, 'invalid_request', 'response_type=code and an S256 code_challenge are required');
    }
    if (!p.get('scope')?.includes('gmail')) return oauthError(res, 400, 'invalid_scope', 'no Gmail scope asked for');
    const code = token('4/standin-');
    codes.set(code, { challenge: p.get('code_challenge')!, redirectUri: redirect, used: false });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    if (p.get('state') !== null) back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams(await readBody(req));
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : null;
    const [id, secret] = basic ?? [body.get('client_id'), body.get('client_secret')];
    if (id !== clientId || secret !== clientSecret) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (body.get('grant_type') === 'authorization_code') {
      const grant = codes.get(body.get('code') ?? '');
      if (!grant || grant.used) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      grant.used = true;
      if (grant.redirectUri !== body.get('redirect_uri')) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      const verifier = body.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      standIn.codeGrants += 1;
      const refresh = token('1//standin-');
      refreshTokens.add(refresh);
      const access = issueAccess();
      standIn.issued.push(refresh);
      return json(res, 200, { access_token: access, expires_in: standIn.accessTokenLifetime, refresh_token: refresh, scope: 'https://www.googleapis.com/auth/gmail.readonly', token_type: 'Bearer' });
    }
    if (body.get('grant_type') === 'refresh_token') {
      if (!refreshTokens.has(body.get('refresh_token') ?? '')) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      standIn.refreshGrants += 1;
      return json(res, 200, { access_token: issueAccess(), expires_in: standIn.accessTokenLifetime, scope: 'https://www.googleapis.com/auth/gmail.readonly', token_type: 'Bearer' });
    }
    return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type');
  }

  /** RFC 7009 as Google does it: the client's credentials, the token; a refresh token revoked never refreshes again. */
  async function revokeEndpoint(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams(await readBody(req));
    if (body.get('client_id') !== clientId || body.get('client_secret') !== clientSecret) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    const revoked = body.get('token') ?? '';
    if (!refreshTokens.delete(revoked)) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
    standIn.revoked.push(revoked);
    res.writeHead(200);
    res.end();
  }

  /** `from:a OR to:a OR ...`, as the server writes it. */
  const matches = (q: string, m: StandInMessage) =>
    q.split(' OR ').some((term) => {
      const [field, address] = term.trim().split(':');
      const value = field === 'from' ? m.from : field === 'to' ? m.to : '';
      return Boolean(address) && value.toLowerCase().includes(address!.toLowerCase());
    });

  function gmail(url: URL, req: IncomingMessage, res: ServerResponse) {
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : '';
    const known = accessTokens.get(bearer);
    if (!known || known.revoked || known.expires <= Date.now()) {
      return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    }
    standIn.bearers.push(bearer);
    const path = url.pathname.replace('/gmail/v1/users/me', '');
    if (path === '/profile') return json(res, 200, { emailAddress: account, messagesTotal: messages.length });
    if (path === '/messages') {
      const q = url.searchParams.get('q') ?? '';
      standIn.queries.push(q);
      const max = Number(url.searchParams.get('maxResults') ?? 100);
      const found = messages.filter((m) => matches(q, m)).sort((a, b) => b.date.getTime() - a.date.getTime()).slice(0, max);
      return json(res, 200, { messages: found.map((m) => ({ id: m.id, threadId: `t-${m.id}` })), resultSizeEstimate: found.length });
    }
    const one = /^\/messages\/([^/]+)$/.exec(path);
    const m = one ? messages.find((x) => x.id === decodeURIComponent(one[1]!)) : undefined;
    if (!m) return json(res, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
    const wanted = url.searchParams.getAll('metadataHeaders');
    const headers = [
      { name: 'From', value: m.from },
      { name: 'To', value: m.to },
      { name: 'Subject', value: m.subject },
      { name: 'Date', value: m.date.toUTCString() },
    ].filter((h) => wanted.length === 0 || wanted.includes(h.name));
    return json(res, 200, {
      id: m.id,
      threadId: `t-${m.id}`,
      labelIds: m.unread ? ['UNREAD', 'INBOX'] : ['INBOX'],
      snippet: m.snippet,
      internalDate: String(m.date.getTime()),
      payload: { mimeType: 'multipart/alternative', headers },
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorizePage(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return void tokenEndpoint(req, res);
    if (req.method === 'POST' && url.pathname === '/revoke') return void revokeEndpoint(req, res);
    if (req.method === 'GET' && url.pathname.startsWith('/gmail/v1/users/me/')) return gmail(url, req, res);
    if (req.method === 'POST' && url.pathname === '/standin/messages') {
      return void readBody(req).then((text) => {
        const list = JSON.parse(text) as (Omit<StandInMessage, 'date'> & { date: string })[];
        for (const m of list) standIn.addMessage({ ...m, date: new Date(m.date) });
        json(res, 200, { added: list.length });
      });
    }
    json(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = url;
  standIn.config = { clientId, clientSecret, authUrl: `${url}/o/oauth2/v2/auth`, tokenUrl: `${url}/token`, gmailApiUrl: url, revokeUrl: `${url}/revoke` };
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}
export type GoogleStandIn = Awaited<ReturnType<typeof startGoogleStandIn>>;
