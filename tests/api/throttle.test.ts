import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, startTestServer, type ApiResponse, type TestServer } from '../support/server';

/**
 * Sign-in throttling under parallel bursts and from several client addresses. The servers trust
 * X-Forwarded-For (TRUST_PROXY), so each test can speak from addresses of its own.
 */

const LOCKED = /^Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/;

let server: TestServer;
let nextAddress = 1;
/** A client address no other test has used. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

const login = (who: { email: string; password: string }, address?: string, on: TestServer = server) =>
  on.api('POST', '/api/auth/login', { body: who, headers: address ? { 'x-forwarded-for': address } : {} });

const counts = (answers: ApiResponse[]) => ({
  throttled: answers.filter((r) => r.status === 429).length,
  refused: answers.filter((r) => r.status === 401).length,
  other: answers.filter((r) => r.status !== 429 && r.status !== 401).map((r) => `${r.status} ${r.text}`),
});

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.stop();
});

describe('parallel bursts', () => {
  it('30 wrong passwords at once for one e-mail from one address: exactly 5 are checked, the rest throttled', async () => {
    const address = freshAddress();
    const who = { email: demoCredentials.viewer.email, password: 'wrong' };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ ...who, password: `wrong-${i}` }, address)));
    expect(counts(answers)).toEqual({ throttled: 25, refused: 5, other: [] });
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.message).toMatch(LOCKED);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The right password from that address is refused too, for the rest of the window.
    const right = await login(demoCredentials.viewer, address);
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(LOCKED);
  });

  it('40 wrong passwords at once over 10 e-mails from one address: exactly 20 are checked', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login({ email: `spray-${i % 10}@example.com`, password: `wrong-${i}` }, address)),
    );
    expect(counts(answers)).toEqual({ throttled: 20, refused: 20, other: [] });
  });
});

describe('an attacker at another address', () => {
  it('cannot lock the real user out, admin included; it locks only itself', async () => {
    const attacker = freshAddress();
    const user = freshAddress();
    for (const credentials of [demoCredentials.admin, demoCredentials.manager]) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login({ email: credentials.email, password: `guess-${i}` }, attacker)),
      );
      expect(counts(answers)).toEqual({ throttled: 7, refused: 5, other: [] });
      expect((await login(credentials, attacker)).status).toBe(429);

      const real = await login(credentials, user);
      expect(real.status, real.text).toBe(200);
      expect(real.body.user.email).toBe(credentials.email);
    }
  });

  it('the real user keeps its own allowance after signing in: a success forgets its earlier mistakes', async () => {
    const address = freshAddress();
    const { email } = demoCredentials.viewer;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login({ email, password: `typo-${i}` }, address)).status).toBe(401);
      expect((await login(demoCredentials.viewer, address)).status).toBe(200);
    }
  });

  it('successful sign-ins do not use up the address allowance (an office behind one address)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 25; i++) expect((await login(demoCredentials.viewer, address)).status, `sign-in ${i + 1}`).toBe(200);
  });
});

describe('a guesser spread over many addresses', () => {
  it('does not keep the owner out: after 55 wrong guesses from 11 addresses the right password from a clean address signs in', async () => {
    const guessers = Array.from({ length: 11 }, () => freshAddress());
    const { email } = demoCredentials.admin;
    const answers: ApiResponse[] = [];
    for (const [i, address] of guessers.entries()) {
      for (let n = 0; n < 5; n++) answers.push(await login({ email, password: `guess-${i}-${n}` }, address));
    }
    expect(counts(answers).other).toEqual([]);
    // Past the account's free failures each address gets about one guess, not five.
    expect(counts(answers).refused).toBeLessThan(55);

    const owner = await login(demoCredentials.admin, freshAddress());
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body.user.email).toBe(email);

    // The guessing addresses stay refused, right password or not.
    for (const address of guessers) {
      const again = await login(demoCredentials.admin, address);
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(LOCKED);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('gives each fresh address one guess while the account is locked', async () => {
    const own = await startTestServer({ trustProxy: true }, { throttle: { perEmail: 3 } });
    try {
      const { email } = demoCredentials.manager;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const address = `203.0.113.${i + 1}`;
        statuses.push((await login({ email, password: `guess-${i}` }, address, own)).status);
        statuses.push((await login({ email, password: `again-${i}` }, address, own)).status);
      }
      // The first two addresses spend the three free failures and lock the account; from then on
      // each address's first guess is checked and its second refused (from the sixth address the
      // lock is 16 seconds or more, longer than any two sign-ins take).
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.slice(10)).toEqual(Array.from({ length: 7 }, () => [401, 429]).flat());
      // Other accounts are not affected, even from a guessing address.
      expect((await login(demoCredentials.viewer, '203.0.113.5', own)).status).toBe(200);
      // And the owner signs in from an address that has not failed.
      expect((await login(demoCredentials.manager, '203.0.113.50', own)).status).toBe(200);
    } finally {
      await own.stop();
    }
  });

  it('a parallel burst from a clean address at a locked account gets one guess', async () => {
    const own = await startTestServer({ trustProxy: true }, { throttle: { perEmail: 2 } });
    try {
      const { email } = demoCredentials.manager;
      for (let i = 0; i < 6; i++) await login({ email, password: `guess-${i}` }, `203.0.113.${i + 1}`, own);
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login({ email, password: `burst-${i}` }, '203.0.113.77', own)));
      expect(counts(burst)).toEqual({ throttled: 9, refused: 1, other: [] });
    } finally {
      await own.stop();
    }
  });
});

/** The device cookie a successful sign-in set, ready to send back. */
const deviceCookieOf = (res: ApiResponse) => {
  const match = /(?:^|,\s*)(flexspace_device=[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match) throw new Error(`no device cookie in ${res.headers.get('set-cookie')}`);
  return match[1]!;
};

describe('a browser that signed in before (device cookie)', () => {
  it('behind one shared address, still signs in after strangers spent the address\'s limit', async () => {
    // No TRUST_PROXY: every client is the same address, as behind a proxy without it.
    const own = await startTestServer({}, { throttle: { perAddress: 20 } });
    try {
      const first = await own.api('POST', '/api/auth/login', { body: demoCredentials.admin });
      expect(first.status).toBe(200);
      const cookie = deviceCookieOf(first);
      expect(first.headers.get('set-cookie')).toMatch(/path=\/api\/auth\/login; .*httponly/i);
      expect(first.headers.get('set-cookie')).toMatch(/samesite=strict/i);

      for (let i = 0; i < 20; i++) {
        expect((await own.api('POST', '/api/auth/login', { body: { email: `stranger-${i}@example.com`, password: 'x' } })).status).toBe(401);
      }
      // A browser without the cookie is refused with everyone else at this address...
      expect((await own.api('POST', '/api/auth/login', { body: demoCredentials.admin })).status).toBe(429);
      // ...the admin's own browser is not.
      const again = await own.api('POST', '/api/auth/login', { body: demoCredentials.admin, headers: { cookie } });
      expect(again.status, again.text).toBe(200);
      // Nor is it a pass for another account, or when altered.
      expect((await own.api('POST', '/api/auth/login', { body: demoCredentials.viewer, headers: { cookie } })).status).toBe(429);
      // The signature's first character changed (its last may carry only padding bits).
      const forged = cookie.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
      expect((await own.api('POST', '/api/auth/login', { body: demoCredentials.admin, headers: { cookie: forged } })).status).toBe(429);
    } finally {
      await own.stop();
    }
  });

  it('passes a locked account, and has five tries of its own', async () => {
    const own = await startTestServer({ trustProxy: true }, { throttle: { perEmail: 2 } });
    try {
      const home = '203.0.113.200';
      const cookie = deviceCookieOf(await login(demoCredentials.manager, home, own));
      const { email } = demoCredentials.manager;
      for (let i = 0; i < 8; i++) await login({ email, password: `guess-${i}` }, `203.0.113.${i + 1}`, own);
      const withCookie = (password: string) =>
        own.api('POST', '/api/auth/login', { body: { email, password }, headers: { cookie, 'x-forwarded-for': home } });
      // The owner's typos from home do not meet the account's lock...
      for (let i = 0; i < 5; i++) expect((await withCookie(`typo-${i}`)).status).toBe(401);
      // ...but the cookie's own five are spent, right password or not.
      const sixth = await withCookie(demoCredentials.manager.password);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toMatch(LOCKED);
    } finally {
      await own.stop();
    }
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const own = await startTestServer({}, { throttle: { perEmailAndAddress: 3 } });
    try {
      const { email } = demoCredentials.manager;
      for (let i = 0; i < 3; i++) expect((await login({ email, password: `guess-${i}` }, `203.0.113.${i + 1}`, own)).status).toBe(401);
      // A new X-Forwarded-For does not make a new address: the same peer is still locked.
      expect((await login(demoCredentials.manager, '203.0.113.99', own)).status).toBe(429);
    } finally {
      await own.stop();
    }
  });

  it('behind a proxy, takes the address the proxy appended, not what the client wrote before it', async () => {
    const own = await startTestServer({ trustProxy: true }, { throttle: { perEmailAndAddress: 3 } });
    try {
      const { email } = demoCredentials.manager;
      for (let i = 0; i < 3; i++) {
        const forwarded = `10.0.0.${i + 1}, 192.0.2.7`; // a forged first entry, then what the proxy saw
        expect((await login({ email, password: `guess-${i}` }, forwarded, own)).status).toBe(401);
      }
      expect((await login(demoCredentials.manager, '10.0.0.99, 192.0.2.7', own)).status).toBe(429);
      expect((await login(demoCredentials.manager, '192.0.2.8', own)).status).toBe(200);
    } finally {
      await own.stop();
    }
  });
});
