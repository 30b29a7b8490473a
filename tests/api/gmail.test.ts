import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { ErrorBody } from '@shared/schemas/common';
import type { Company, Contact } from '@shared/schemas/crm';
import { GMAIL_MESSAGES, type GmailEmail, type GmailStatus } from '@shared/schemas/gmail';
import { startGoogleStandIn, type GoogleStandIn } from '../support/googleStandIn';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';
import { listen } from '../support/sockets';
import { DEMO_USERS } from '../../server/seed/demoData';
import { projections, rebuild } from '../../projections/registry';

const REDIRECT = 'http://127.0.0.1:5173/auth/callback';
const DAY = 86_400_000;

let google: GoogleStandIn;
let server: TestServer;
let tokens: { admin: string; manager: string; viewer: string };
let managerId: string;
let contact: Contact;
let colleague: Contact;
let company: Company;

beforeAll(async () => {
  google = await startGoogleStandIn();
  server = await startTestServer({ google: google.config });
  const [admin, manager, viewer] = await Promise.all([signIn(server.api, demoCredentials.admin), signIn(server.api, demoCredentials.manager), signIn(server.api, demoCredentials.viewer)]);
  tokens = { admin: admin.access_token, manager: manager.access_token, viewer: viewer.access_token };
  managerId = manager.user.id;
  company = (await server.api<Company>('POST', '/api/companies', { token: tokens.admin, body: { name: 'Harbor Analytics' } })).body;
  const newContact = async (name: string, email: string, company_id = company.id) => {
    const res = await server.api<Contact>('POST', '/api/contacts', { token: tokens.admin, body: { name, email, company_id } });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  contact = await newContact('Dana Whitfield', 'dana@harbor.example');
  colleague = await newContact('Lee Okafor', 'Lee@Harbor.example');
  await newContact('Sam Elsewhere', 'sam@elsewhere.example', '');
  const at = Date.now();
  google.addMessage({ id: 'm-dana-in', from: 'Dana Whitfield <dana@harbor.example>', to: google.account, subject: 'Tour on Thursday', snippet: 'Can we move the tour to 3pm?', date: new Date(at - DAY), unread: true });
  google.addMessage({ id: 'm-dana-out', from: google.account, to: 'dana@harbor.example', subject: 'Re: Pricing', snippet: 'Here are the rates we discussed', date: new Date(at - 3 * DAY), unread: false });
  google.addMessage({ id: 'm-lee', from: 'lee@harbor.example', to: google.account, subject: 'Desk count', snippet: 'We will need twelve desks', date: new Date(at - 2 * DAY), unread: false });
  google.addMessage({ id: 'm-sam', from: 'sam@elsewhere.example', to: google.account, subject: 'Unrelated', snippet: 'Not for Harbor', date: new Date(at), unread: true });
});

afterAll(async () => {
  await server?.stop();
  await google?.close();
});

const api = <T = unknown>(method: string, path: string, token: string, body?: unknown) => server.api<T & ErrorBody>(method, path, { token, body });
const status = (token = tokens.manager) => api<GmailStatus>('GET', '/api/gmail/status', token);
const connect = (token = tokens.manager, redirect_uri = REDIRECT) => api<{ auth_url: string }>('POST', '/api/gmail/connect', token, { redirect_uri });
const callback = (body: Record<string, unknown>, token = tokens.manager) => api<{ success: boolean; gmail_address: string }>('POST', '/api/gmail/callback', token, body);
const emails = (query: string, token = tokens.manager) => api<GmailEmail[]>('GET', `/api/gmail/emails?${query}`, token);

/** Starts a connection and lets the stand-in "consent": the code and state Google sends back. */
async function consent(token = tokens.manager) {
  const started = await connect(token);
  expect(started.status, started.text).toBe(200);
  return google.authorize(started.body.auth_url);
}

/** Every row of every table in the database, as text: the log, the read models and the tables beside them. */
async function everythingStored(): Promise<string> {
  const sql = server.deps.sql;
  const tables = await sql<{ schema: string; name: string }[]>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['events', 'gmail_connections', 'gmail_oauth_states', 'gmail_access_tokens']));
  const parts = await Promise.all(tables.map((t) => sql.unsafe<{ t: string }[]>(`SELECT r::text AS t FROM "${t.schema}"."${t.name}" r`)));
  return parts.flat().map((r) => r.t).join('\n');
}
const gmailEvents = async () => (await server.deps.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE stream_type = 'gmail'`)[0]!.n;

describe('who may use Gmail', () => {
  it('refuses viewers every call with the spec notice, and anyone signed out', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/gmail/status'],
      ['POST', '/api/gmail/connect', { redirect_uri: REDIRECT }],
      ['POST', '/api/gmail/callback', { code: 'x', state: 'y', redirect_uri: REDIRECT }],
      ['POST', '/api/gmail/disconnect'],
      ['GET', `/api/gmail/emails?contact_id=${contact.id}`],
    ] as const) {
      const res = await api(method, path, tokens.viewer, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('Requires Manager Role');
      expect((await server.api(method, path, { body })).status).toBe(401);
    }
  });

  it('checks the requests: the callback address, a code, one contact or company', async () => {
    const wrongPath = await connect(tokens.manager, 'http://127.0.0.1:5173/elsewhere');
    expect(wrongPath.status).toBe(400);
    expect(wrongPath.body.message).toContain(GMAIL_MESSAGES.redirectUri);
    const noCode = await callback({ state: 'abc', redirect_uri: REDIRECT });
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields).toContainEqual({ field: 'code', message: GMAIL_MESSAGES.noCode });
    for (const query of ['', `contact_id=${contact.id}&company_id=${company.id}`]) {
      const res = await emails(query);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(GMAIL_MESSAGES.oneTarget);
    }
  });
});

describe('the API description', () => {
  it('documents the Gmail routes with their bodies and query', async () => {
    const doc = (await server.api('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/gmail/status'])).toEqual(['get']);
    expect(doc.paths['/api/gmail/callback'].post.requestBody.content['application/json'].schema.required).toEqual(['code', 'state', 'redirect_uri']);
    expect(doc.paths['/api/gmail/emails'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['company_id', 'contact_id']);
  });
});

describe('connecting through Google', () => {
  it('is not connected at first; connect answers Google’s address with a state and an S256 PKCE challenge', async () => {
    expect((await status()).body).toMatchObject({ id: managerId, connected: false, gmail_address: null, configured: true, missing_settings: [], version: 0 });
    const res = await connect();
    expect(res.status, res.text).toBe(200);
    const url = new URL(res.body.auth_url);
    expect(`${url.origin}${url.pathname}`).toBe(google.config.authUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      scope: 'https://www.googleapis.com/auth/gmail.readonly',
    });
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses a forged state, another user’s state, a different callback address, an expired state: nothing stored', async () => {
    const before = await gmailEvents();
    const { code, state } = await consent();

    const forged = await callback({ code, state: 'forged-state-value', redirect_uri: REDIRECT });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(GMAIL_MESSAGES.badState);
    const stolen = await callback({ code, state, redirect_uri: REDIRECT }, tokens.admin);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(GMAIL_MESSAGES.badState);
    expect(await gmailEvents()).toBe(before);
    expect((await status(tokens.admin)).body.connected).toBe(false);

    // Another user's attempt did not use the state up: a different address does, and is refused.
    const elsewhere = await callback({ code, state, redirect_uri: 'http://127.0.0.1:9999/auth/callback' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(GMAIL_MESSAGES.badState);

    const late = await consent();
    await server.deps.sql`UPDATE gmail_oauth_states SET expires_at = now() - interval '1 second'`;
    const expired = await callback({ code: late.code, state: late.state, redirect_uri: REDIRECT });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(GMAIL_MESSAGES.badState);
    expect(await gmailEvents()).toBe(before);
    expect((await status()).body.connected).toBe(false);
    expect(google.codeGrants).toBe(0);
  });

  it('passes on Google’s refusal of a code as a 400, storing nothing', async () => {
    const before = await gmailEvents();
    const { state } = await consent();
    const res = await callback({ code: 'not-a-code-google-gave', state, redirect_uri: REDIRECT });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Google refused to exchange the authorization code (invalid_grant');
    expect(await gmailEvents()).toBe(before);
  });

  it('completes the round trip: tokens stored sealed only, the status pushed to the user alone, the state single use', async () => {
    const mine = listen(server.url, { token: tokens.manager });
    const admin = listen(server.url, { token: tokens.admin });
    await Promise.all([mine.ready, admin.ready]);
    try {
      const { code, state } = await consent();
      const res = await callback({ code, state, redirect_uri: REDIRECT });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ success: true, gmail_address: google.account });
      expect(google.codeGrants).toBe(1);
      expect((await status()).body).toMatchObject({ id: managerId, connected: true, gmail_address: google.account, version: 1 });
      expect((await status(tokens.admin)).body.connected).toBe(false);

      await mine.until((changes) => changes.some((c) => c.changes.some((r) => r.entity === 'gmail_status' && r.row?.connected === true)), 'the connection pushed');
      const pushed = mine.changes.flatMap((c) => c.changes).find((r) => r.entity === 'gmail_status')!;
      expect(pushed.row).toEqual(expect.objectContaining({ id: managerId, gmail_address: google.account }));
      expect(JSON.stringify(pushed)).not.toContain('ciphertext');

      // The state worked once.
      const again = await callback({ code, state, redirect_uri: REDIRECT });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(GMAIL_MESSAGES.badState);
    } finally {
      mine.close();
      admin.close();
    }
    expect(admin.changes.flatMap((c) => c.changes).some((r) => r.entity === 'gmail_status')).toBe(false);

    const stored = await everythingStored();
    expect(google.issued.length).toBe(2);
    for (const token of google.issued) expect(stored).not.toContain(token);
    const [event] = await server.deps.sql<{ data: Record<string, string>; metadata: { scope: unknown } }[]>`
      SELECT data, metadata FROM events WHERE type = 'GmailConnected'`;
    expect(Object.keys(event!.data).sort()).toEqual(['ciphertext', 'gmail_address']);
    expect(event!.data.ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(event!.metadata.scope).toEqual({ locations: [], users: [managerId], private: true });
    for (const token of google.issued) expect(server.logs.join('\n')).not.toContain(token);

    // The connection is in its owner's activity only.
    const own = await api<ActivityEntry[]>('GET', '/api/events?limit=20', tokens.manager);
    expect(own.body.find((e) => e.type === 'GmailConnected')?.summary).toBe(`${DEMO_USERS.manager.name} connected Gmail (${google.account})`);
    const admins = await api<ActivityEntry[]>('GET', '/api/events?limit=200', tokens.admin);
    expect(admins.body.some((e) => e.type.startsWith('Gmail'))).toBe(false);
  });
});

describe('the e-mail history', () => {
  it('lists a contact’s messages, to or from its address, newest first, unread marked', async () => {
    const res = await emails(`contact_id=${contact.id}`);
    expect(res.status, res.text).toBe(200);
    expect(google.queries.at(-1)).toBe('from:dana@harbor.example OR to:dana@harbor.example');
    expect(res.body.map((m) => [m.id, m.is_read])).toEqual([
      ['m-dana-in', false],
      ['m-dana-out', true],
    ]);
    expect(res.body[0]).toMatchObject({ subject: 'Tour on Thursday', sender: 'Dana Whitfield <dana@harbor.example>', snippet: 'Can we move the tour to 3pm?', thread_id: 't-m-dana-in' });
  });

  it('lists a company’s: to or from any of its contacts', async () => {
    const res = await emails(`company_id=${company.id}`);
    expect(res.status, res.text).toBe(200);
    expect(google.queries.at(-1)).toBe('from:dana@harbor.example OR to:dana@harbor.example OR from:lee@harbor.example OR to:lee@harbor.example');
    expect(res.body.map((m) => m.id)).toEqual(['m-dana-in', 'm-lee', 'm-dana-out']);
    expect(colleague.company_id).toBe(company.id);
  });

  it('answers 404 for an unknown contact or company, and 409 for a user who has not connected', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    expect((await emails(`contact_id=${unknown}`)).body.message).toBe('Contact not found');
    expect((await emails(`company_id=${unknown}`)).status).toBe(404);
    const admin = await emails(`contact_id=${contact.id}`, tokens.admin);
    expect(admin.status).toBe(409);
    expect(admin.body.message).toBe(GMAIL_MESSAGES.notConnected);
  });

  it('refreshes a refused or expiring access token with the refresh token, and keeps the new one sealed', async () => {
    const grants = google.refreshGrants;
    google.revokeAccessTokens();
    const res = await emails(`contact_id=${contact.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(google.refreshGrants).toBe(grants + 1);
    const refreshed = google.issued.at(-1)!;
    expect(google.bearers.at(-1)).toBe(refreshed);
    expect(await everythingStored()).not.toContain(refreshed);
    const [row] = await server.deps.sql<{ connection_version: number }[]>`SELECT connection_version FROM gmail_access_tokens WHERE user_id = ${managerId}`;
    expect(row?.connection_version).toBe(1);

    // The refreshed token is used as long as it lasts: no refresh for the next call.
    await emails(`contact_id=${contact.id}`);
    expect(google.refreshGrants).toBe(grants + 1);
    expect(google.bearers.at(-1)).toBe(refreshed);

    // A token about to expire (inside the minute's margin) is refreshed before it is used.
    google.accessTokenLifetime = 30;
    google.revokeAccessTokens();
    await emails(`contact_id=${contact.id}`);
    expect(google.refreshGrants).toBe(grants + 2);
    await emails(`contact_id=${contact.id}`);
    expect(google.refreshGrants).toBe(grants + 3);
    expect(google.bearers.at(-1)).toBe(google.issued.at(-1));
    google.accessTokenLifetime = 3600;
  });
});

describe('disconnecting', () => {
  it('stops the history, drops the tokens from the read model and the refreshed ones, revokes the grant at Google, and is idempotent', async () => {
    const revokedBefore = google.revoked.length;
    // Sent with the version the user's screen shows (1: connected once).
    const res = await api<GmailStatus>('POST', '/api/gmail/disconnect', tokens.manager, { version: 1 });
    expect(res.status, res.text).toBe(200);
    // The manager's one grant (its refresh token), told to Google once.
    expect(google.revoked.slice(revokedBefore)).toHaveLength(1);
    expect(google.issued).toContain(google.revoked[revokedBefore]);
    expect(google.revoked[revokedBefore]).toMatch(/^1\/\/standin-/);
    expect(res.body).toMatchObject({ connected: false, gmail_address: null, version: 2 });
    const [row] = await server.deps.sql<{ ciphertext: string | null }[]>`SELECT ciphertext FROM gmail_connections WHERE id = ${managerId}`;
    expect(row!.ciphertext).toBeNull();
    expect(await server.deps.sql`SELECT 1 FROM gmail_access_tokens WHERE user_id = ${managerId}`).toHaveLength(0);
    expect((await emails(`contact_id=${contact.id}`)).status).toBe(409);
    // Another tab still showing the connection it disconnected is told, not silently answered.
    const stale = await api('POST', '/api/gmail/disconnect', tokens.manager, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Jordan Lee changed this Gmail connection since you opened it. Reload to see the change.');
    const again = await api<GmailStatus>('POST', '/api/gmail/disconnect', tokens.manager);
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(2);
    expect(google.revoked.length).toBe(revokedBefore + 1);
  });

  it('goes with its user: a deleted manager leaves no connection, refreshed token or connection under way behind', async () => {
    const email = `gone.mailer.${Date.now()}@example.com`;
    const password = 'a-long-enough-password';
    const created = await api<{ id: string }>('POST', '/api/users', tokens.admin, { name: 'Gone Mailer', email, password, role: 'manager' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const { access_token } = await signIn(server.api, { email, password });
    const { code, state } = await consent(access_token);
    expect((await callback({ code, state, redirect_uri: REDIRECT }, access_token)).status).toBe(200);
    expect((await connect(access_token)).status).toBe(200); // a second connection started, not finished
    const sql = server.deps.sql;
    // As a refresh leaves it: the newest sealed tokens beside the log.
    await sql`INSERT INTO gmail_access_tokens (user_id, connection_version, ciphertext, refreshed_at) VALUES (${id}, 1, 'sealed', now())`;
    const kept = async () => ({
      connections: (await sql`SELECT 1 FROM gmail_connections WHERE id = ${id}`).length,
      states: (await sql`SELECT 1 FROM gmail_oauth_states WHERE user_id = ${id}`).length,
      tokens: (await sql`SELECT 1 FROM gmail_access_tokens WHERE user_id = ${id}`).length,
    });
    expect(await kept()).toEqual({ connections: 1, states: 1, tokens: 1 });
    expect((await api('DELETE', `/api/users/${id}`, tokens.admin)).status).toBe(204);
    expect(await kept()).toEqual({ connections: 0, states: 0, tokens: 0 });
  });

  it('a Gmail out of reach is a 502 that says so', async () => {
    const { code, state } = await consent(tokens.admin);
    expect((await callback({ code, state, redirect_uri: REDIRECT }, tokens.admin)).status).toBe(200);
    await google.close();
    const res = await emails(`contact_id=${contact.id}`, tokens.admin);
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('Gmail could not be reached');
  });
});

describe('a rebuild', () => {
  it('gives back each connection exactly, a disconnected one too, and none for a deleted user', async () => {
    const sql = server.deps.sql;
    const connections = () => sql`SELECT * FROM gmail_connections ORDER BY id`;
    const before = await connections();
    expect(before.map((row) => row.connected).sort()).toEqual([false, true]);
    await rebuild(sql, projections.filter((p) => p.name === 'gmail'));
    expect(await connections()).toEqual(before);
  });
});
