import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../server/auth/tokens';
import { demoCredentials, signIn, startTestServer, type ApiResponse, type TestServer } from '../support/server';

let server: TestServer;
let adminSession: Awaited<ReturnType<typeof signIn>>;
let viewerSession: Awaited<ReturnType<typeof signIn>>;
const responses: ApiResponse[] = [];
const call: TestServer['api'] = async (...args) => {
  const res = await server.api(...args);
  responses.push(res);
  return res;
};

beforeAll(async () => {
  // A small allowance so throttling shows within a few attempts.
  server = await startTestServer({}, { throttle: { perEmailAndAddress: 3, perAddress: 30 } });
  // Signed in before any test spends the address's allowance of failures.
  adminSession = await signIn(server.api, demoCredentials.admin);
  viewerSession = await signIn(server.api, demoCredentials.viewer);
});
afterAll(async () => {
  await server.stop();
});

describe('sign-in', () => {
  it('returns a token and the user for good credentials', async () => {
    const res = await call('POST', '/api/auth/login', { body: demoCredentials.admin });
    expect(res.status).toBe(200);
    expect(typeof res.body.access_token).toBe('string');
    expect(res.body.user).toMatchObject({ email: demoCredentials.admin.email, role: 'admin', primary_location: 'All Locations', locations: [] });
    expect(Object.keys(res.body.user).sort()).toEqual(
      ['created_at', 'email', 'id', 'locations', 'name', 'primary_location', 'role', 'updated_at', 'version'].sort(),
    );
    const me = await call('GET', '/api/auth/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body.user);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await call('POST', '/api/auth/login', {
      body: { ...demoCredentials.viewer, email: demoCredentials.viewer.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('viewer');
  });

  it('answers 401 with a message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { email: demoCredentials.viewer.email, password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    const unknown = await call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'whatever' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });
  });

  it('throttles an e-mail after repeated failures, even with the right password', async () => {
    const email = demoCredentials.manager.email;
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/api/auth/login', { body: { email, password: `guess-${i}` } })).status).toBe(401);
    }
    const blocked = await call('POST', '/api/auth/login', { body: demoCredentials.manager });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected by this one's failures.
    expect((await call('POST', '/api/auth/login', { body: demoCredentials.admin })).status).toBe(200);
  });

  it('throttles a client address that tries many e-mails', async () => {
    const own = await startTestServer({}, { throttle: { perEmailAndAddress: 3, perAddress: 5 } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await own.api('POST', '/api/auth/login', { body: { email: `spray-${i}@example.com`, password: 'x' } });
        expect(res.status).toBe(401);
      }
      const blocked = await own.api('POST', '/api/auth/login', { body: demoCredentials.admin });
      expect(blocked.status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});

describe('tokens', () => {
  it('rejects a missing token', async () => {
    const res = await call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('rejects malformed tokens and other schemes', async () => {
    for (const authorization of ['Bearer', 'Bearer not.a.jwt', 'Bearer abc', 'Basic YWRtaW46YWRtaW4=', 'bearer  ']) {
      const res = await call('GET', '/api/auth/me', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('rejects a tampered token', async () => {
    const { access_token, user } = viewerSession;
    const admin = adminSession;
    const [header, payload, signature] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.sub).toBe(user.id);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: admin.user.id })).toString('base64url');
    const res = await call('GET', '/api/auth/me', { token: `${header}.${forged}.${signature}` });
    expect(res.status).toBe(401);
  });

  it('rejects a token signed with another key', async () => {
    const { user } = adminSession;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('flexspace-operations')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('rejects an expired token', async () => {
    const { user } = adminSession;
    const key = await loadSigningKey(server.deps.sql);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('flexspace-operations')
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(key);
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
    // The same key with a live expiry is accepted, so the refusal above is the expiry's.
    const fresh = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuer('flexspace-operations').setIssuedAt().setExpirationTime('5m').sign(key);
    expect((await call('GET', '/api/auth/me', { token: fresh })).status).toBe(200);
  });
});

describe('token claims', () => {
  const signWith = async (claims: { sub?: string; exp?: string }) => {
    const key = await loadSigningKey(server.deps.sql);
    let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('flexspace-operations').setIssuedAt();
    if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
    if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
    return jwt.sign(key);
  };

  it('refuses a correctly signed token whose subject is not a user id, with 401 and not a database error', async () => {
    for (const sub of ['not-a-uuid', 'admin', '1', "' OR 1=1 --", `${adminSession.user.id}x`]) {
      const res = await call('GET', '/api/auth/me', { token: await signWith({ sub, exp: '5m' }) });
      expect(res.status, sub).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
    expect(server.logs.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('refuses a correctly signed token without an expiry or without a subject', async () => {
    const noExpiry = await call('GET', '/api/auth/me', { token: await signWith({ sub: adminSession.user.id }) });
    expect(noExpiry.status).toBe(401);
    expect(noExpiry.body).toEqual({ message: 'Unauthorized' });
    const noSubject = await call('GET', '/api/auth/me', { token: await signWith({ exp: '5m' }) });
    expect(noSubject.status).toBe(401);
    // The same claims with both present are accepted, so the refusals above are the claims'.
    const both = await call('GET', '/api/auth/me', { token: await signWith({ sub: adminSession.user.id.toUpperCase(), exp: '5m' }) });
    expect(both.status).toBe(200);
    expect(both.body.id).toBe(adminSession.user.id);
  });
});

describe('token times', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const signAt = async (iat: number | null, exp: number) => {
    const key = await loadSigningKey(server.deps.sql);
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(adminSession.user.id).setIssuer('flexspace-operations').setExpirationTime(exp);
    return (iat === null ? jwt : jwt.setIssuedAt(iat)).sign(key);
  };

  it('refuses a correctly signed token issued in the future, lasting ten years, or not saying when it was issued', async () => {
    const YEAR = 365 * 24 * 3600;
    const refused = [
      ['issued tomorrow', await signAt(now() + 24 * 3600, now() + 24 * 3600 + 300)],
      ['issued in ten years', await signAt(now() + 10 * YEAR, now() + 10 * YEAR + 300)],
      ['lasting ten years', await signAt(now(), now() + 10 * YEAR)],
      ['lasting a day past the 1h lifetime', await signAt(now(), now() + 3600 + 24 * 3600)],
      ['no issue time', await signAt(null, now() + 300)],
    ] as const;
    for (const [what, token] of refused) {
      const res = await call('GET', '/api/auth/me', { token });
      expect(res.status, what).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('accepts one issued a little ahead of this clock (another node) and lasting the configured lifetime', async () => {
    for (const token of [await signAt(now() + 20, now() + 20 + 3600), await signAt(now(), now() + 3600)]) {
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
    }
  });
});

describe('secrets', () => {
  it('never puts a password or its hash in any response or log line', async () => {
    expect(responses.length).toBeGreaterThan(15);
    const secrets = [demoCredentials.admin.password, 'guess-0', 'not-it', '$argon2'];
    for (const res of responses) for (const secret of secrets) expect(res.text).not.toContain(secret);
    expect(server.logs.length).toBeGreaterThan(15);
    for (const line of server.logs) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it('stores only argon2id hashes in the log', async () => {
    const rows = await server.deps.sql`SELECT data FROM events WHERE type = 'UserRegistered'`;
    expect(rows).toHaveLength(3);
    for (const { data } of rows) {
      expect(data.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(data)).not.toContain(demoCredentials.admin.password);
    }
  });
});
