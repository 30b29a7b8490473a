import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@shared/constants';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/schemas/users';
import { badText, badVersion, bodyField as field, bodyRouteTests, expectClientError, expectFieldError, invalidIdSegment, notAnId, notAString, badInputFile, unknownQuery, unstorableText, type BodyRoute } from '../support/badInput';

/**
 * Malformed input on the user routes: whatever the client sends, the answer is a 4xx with a
 * message (never a 500, never a 2xx for input that is really invalid), validation failures name
 * the offending field, and nothing is appended to the event log.
 */

let userId = '';
let victimId = '';
let counter = 0;

const PASSWORD = 'a-long-enough-password';
const newEmail = () => `bad-input-${++counter}-${Date.now() % 100000}@example.com`;

const app = badInputFile(async () => {
  const [user, victim] = await Promise.all(
    [1, 2].map(() => app.api('POST', '/api/users', { token: app.token, body: { name: 'Bad Input', email: newEmail(), password: PASSWORD } })),
  );
  expect(user!.status).toBe(201);
  userId = user!.body.id;
  victimId = victim!.body.id;
});

const badString = fc.oneof(notAString, unstorableText);
const blank = fc.stringMatching(/^[ \t]*$/);
const badEmail: fc.Arbitrary<unknown> = fc.oneof(
  notAString,
  fc.string({ maxLength: 40 }).filter((s) => !s.includes('@')),
  fc.integer({ min: 300, max: 2000 }).map((n) => `${'a'.repeat(n)}@example.com`),
);
/** Non-blank text a new password may not be: too short, too long, or unstorable. */
const badNewPassword: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ minLength: 1, maxLength: PASSWORD_MIN - 1 }).filter((s) => s.trim().length > 0),
  fc.integer({ min: PASSWORD_MAX + 1, max: 5000 }).map((n) => 'p'.repeat(n)),
  unstorableText,
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
);
const badRole: fc.Arbitrary<unknown> = fc.oneof(fc.string().filter((s) => !(ROLES as readonly string[]).includes(s)), fc.integer(), fc.constant(null));
const badLocations: fc.Arbitrary<unknown> = fc.oneof(
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  fc.array(notAnId, { minLength: 1, maxLength: 3 }),
  fc.constant(null).map(() => [app.locationId, app.locationId]),
);
const badPrimary: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s !== 'All Locations'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

const PROFILE = ['name', 'email', 'password', 'role', 'locations', 'primary_location'];

const routes = (): BodyRoute[] => [
  {
    name: 'POST /api/users',
    method: 'POST',
    path: () => '/api/users',
    valid: () => ({ name: 'Never Created', email: newEmail(), password: PASSWORD }),
    known: new Set(PROFILE),
    bad: fc.oneof(
      field('name', fc.oneof(badString, blank, badText)),
      field('email', badEmail),
      field('password', fc.oneof(badNewPassword, blank)),
      field('role', badRole),
      field('locations', badLocations),
      field('primary_location', badPrimary),
    ),
  },
  {
    name: 'PUT /api/users/:id',
    method: 'PUT',
    path: () => `/api/users/${userId}`,
    valid: () => ({}),
    known: new Set([...PROFILE, 'version', 'id', 'created_at', 'updated_at']),
    bad: fc.oneof(
      field('name', fc.oneof(badString, blank)),
      field('email', badEmail),
      field('password', badNewPassword),
      field('role', badRole),
      field('locations', badLocations),
      field('primary_location', badPrimary),
      field('version', badVersion),
    ),
  },
  {
    name: 'DELETE /api/users/:id',
    method: 'DELETE',
    path: () => `/api/users/${victimId}`,
    valid: () => ({}),
    known: new Set(['version']),
    bad: field('version', badVersion),
  },
];

describe('bad input on the user routes', () => {
  bodyRouteTests(routes, () => app);

  it('every user route refuses ids that are not UUIDs', async () => {
    const calls: [string, unknown?][] = [['GET'], ['PUT', {}], ['DELETE', {}]];
    await app.checkProperty(fc.tuple(invalidIdSegment, fc.constantFrom(...calls)), async ([segment, [method, body]]) => {
      const answer = expectClientError(await app.api(method, `/api/users/${segment}`, { token: app.token, body }), 400);
      expect(answer.message.startsWith('Invalid id')).toBe(true);
    }, 30);
  });

  it('every user route refuses unknown query parameters, and the list refuses bad filter values', async () => {
    const calls: [string, () => string, unknown?][] = [
      ['GET', () => '/api/users'],
      ['GET', () => `/api/users/${userId}`],
      ['POST', () => '/api/users', { name: 'Q', email: 'q@example.com', password: PASSWORD }],
      ['PUT', () => `/api/users/${userId}`, {}],
      ['DELETE', () => `/api/users/${userId}`, {}],
    ];
    const query = unknownQuery.filter(({ keys }) => !keys.some((k) => ['role', 'q', 'version'].includes(k)));
    await app.checkProperty(fc.tuple(fc.constantFrom(...calls), query), async ([[method, path, body], { keys, query: q }]) => {
      const res = await app.api(method, `${path()}?${q}`, { token: app.token, body });
      for (const key of keys) expectFieldError(res, key, 'Unknown field');
    }, 30);
    for (const [q, name] of [['role=owner', 'role'], ['q=x%00y', 'q'], ['role=a&role=b', 'role'], [`q=${'x'.repeat(201)}`, 'q']]) {
      expectFieldError(await app.api('GET', `/api/users?${q}`, { token: app.token }), name!);
    }
  });
});
