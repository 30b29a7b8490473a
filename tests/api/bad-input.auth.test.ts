import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectClientError,
  expectFieldError,
  jsonValue,
  notAString,
  startBadInputServer,
  unknownKey,
  type BadInputServer,
} from '../support/badInput';
import { demoCredentials, type Api, type TestServer } from '../support/server';

/**
 * Malformed credentials and Authorization headers: whatever the client sends, the answer is a 4xx
 * with a message (a 401 for any header that carries no valid token), validation failures name
 * the offending field, and no token is handed out. The other sign-in and location routes' bad
 * input is in bad-input.auth-locations.test.ts.
 */

let server: TestServer;
let api: Api;
let locationId: string;
let checkProperty: BadInputServer['checkProperty'];

beforeAll(async () => {
  ({ server, api, locationId, checkProperty } = await startBadInputServer());
});

afterAll(async () => {
  await server?.stop();
});

const LOGIN_KEYS = new Set(['email', 'password']);

/** Authorization header values that carry no valid token. */
const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).map((s) => `Bearer ${s}`),
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', 'Bearer a.b.c d'),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `Bearer ${Buffer.from(s).toString('base64url')}.e30.sig`),
);

describe('bad input on sign-in, property-based', () => {
  it('POST /api/auth/login refuses malformed credentials', async () => {
    const validEmail = fc.constant(demoCredentials.admin.email);
    const validPassword = fc.string({ minLength: 1, maxLength: 50 });
    const arb = fc.oneof(
      // wrong types
      fc.tuple(fc.constantFrom('email', 'password'), notAString).map(([field, value]) => ({
        body: { email: 'admin@flexspace.demo', password: 'x', [field]: value },
        field,
      })),
      // not an e-mail address
      fc
        .tuple(fc.string({ maxLength: 40 }).filter((s) => !s.includes('@')), validPassword)
        .map(([email, password]) => ({ body: { email, password }, field: 'email' })),
      // empty or huge password, huge e-mail
      fc
        .tuple(validEmail, fc.oneof(fc.constant(''), fc.integer({ min: 10_000, max: 20_000 }).map((n) => 'p'.repeat(n))))
        .map(([email, password]) => ({ body: { email, password }, field: 'password' })),
      fc
        .integer({ min: 10_000, max: 20_000 })
        .map((n) => ({ body: { email: `${'a'.repeat(n)}@example.com`, password: 'x' }, field: 'email' })),
      // missing fields
      fc.constantFrom('email', 'password').map((field) => ({
        body: field === 'email' ? { password: 'x' } : { email: 'admin@flexspace.demo' },
        field,
      })),
      // unknown fields
      fc
        .tuple(unknownKey(LOGIN_KEYS), jsonValue(1))
        .map(([key, value]) => ({ body: { ...demoCredentials.admin, [key]: value }, field: key })),
    );
    await checkProperty(arb, async ({ body, field }) => {
      const res = await api('POST', '/api/auth/login', { body });
      expectFieldError(res, field);
      expect(res.body.access_token).toBeUndefined();
    });
  });

  it('protected routes refuse malformed Authorization headers with 401', async () => {
    const routes = [
      ['GET', () => '/api/auth/me'],
      ['GET', () => '/api/locations'],
      ['GET', () => `/api/locations/${locationId}`],
      ['POST', () => '/api/locations'],
      ['PUT', () => `/api/locations/${locationId}`],
    ] as const;
    const arb = fc.tuple(fc.constantFrom(...routes), badAuthorization);
    await checkProperty(arb, async ([[method, path], authorization]) => {
      const res = await api(method, path(), {
        headers: { authorization },
        body: method === 'GET' ? undefined : { name: 'Sneaky', city: 'x', address: 'x', manager: 'x' },
      });
      expectClientError(res, 401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    });
  });
});
