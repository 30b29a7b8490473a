import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { badText, badVersion, bodyField as field, bodyRouteTests, expectClientError, expectFieldError, invalidIdSegment, notAnId, notAString, badInputFile, unknownQuery, unstorableText, type BodyRoute } from '../support/badInput';

/**
 * Malformed input on the office and member routes: whatever the client sends, the answer is a
 * 4xx with a message (never a 500, never a 2xx for input that is really invalid), validation
 * failures name the offending field, and nothing is appended to the event log.
 * The sign-in and location routes are in bad-input.auth-locations.test.ts.
 */


const app = badInputFile();

// ---------------------------------------------------------------------------------------------
// Offices and members

describe('bad input on the office and member routes', () => {
  let officeId = '';
  let contactId = '';
  let memberId = '';

  beforeAll(async () => {
    const office = await app.api('POST', '/api/offices', { token: app.token, body: { office_number: 'BAD-1', location_id: app.locationId } });
    expect(office.status).toBe(201);
    officeId = office.body.id;
    const withContact = await app.api('POST', `/api/offices/${officeId}/contacts`, { token: app.token, body: { name: 'C', email: 'c@x.com' } });
    contactId = withContact.body.contacts[0].id;
    const member = await app.api('POST', '/api/members', {
      token: app.token,
      body: { company_name: 'Bad Input Co', location_id: app.locationId, primary_contact: { name: 'N', email: 'n@x.com' } },
    });
    expect(member.status).toBe(201);
    memberId = member.body.id;
  });

  const notANumber: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
  const notABoolean: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
  const notAnObject: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 2 }));
  const badString = fc.oneof(notAString, unstorableText);

  const routes = (): BodyRoute[] => [
    {
      name: 'POST /api/offices',
      method: 'POST',
      path: () => '/api/offices',
      valid: () => ({ office_number: 'NEVER-1', location_id: app.locationId }),
      known: new Set(['office_number', 'location_id', 'type', 'desks', 'floor', 'windowed', 'marketed_rates']),
      bad: fc.oneof(
        field('office_number', fc.oneof(badString, fc.stringMatching(/^[ \t]*$/))),
        field('location_id', notAnId),
        field('desks', fc.oneof(notANumber, fc.integer({ min: 501 }), fc.integer({ max: -1 }))),
        field('floor', notANumber),
        field('windowed', notABoolean),
        field('type', badString),
        field('marketed_rates', fc.oneof(notAnObject, fc.integer({ max: -1 }).map((monthly) => ({ monthly })))),
      ),
    },
    {
      name: 'PUT /api/offices/:id',
      method: 'PUT',
      path: () => `/api/offices/${officeId}`,
      valid: () => ({}),
      known: new Set([
        'office_number', 'location_id', 'type', 'desks', 'floor', 'windowed', 'marketed_rates', 'market_rates', 'signed_rate',
        'lease_info', 'version', 'id', 'location_name', 'status', 'tenant', 'member_id', 'contacts', 'created_at', 'updated_at',
      ]),
      bad: fc.oneof(
        field('desks', notANumber),
        field('windowed', notABoolean),
        field('office_number', badString),
        field('signed_rate', fc.oneof(fc.string(), fc.integer({ max: -1 }))),
        field('lease_info', fc.oneof(
          notAnObject,
          fc.constantFrom({ term_months: 0 }, { term_months: 'twelve' }, { start_date: '2025-13-01' }, { start_date: 'soon' }, { extra: 1 }),
        )),
        field('version', badVersion),
      ),
    },
    {
      name: 'PATCH /api/offices/:id/status',
      method: 'PATCH',
      path: () => `/api/offices/${officeId}/status`,
      valid: () => ({ status: 'VACANT' }),
      known: new Set(['status', 'version']),
      bad: fc.oneof(
        field('status', fc.oneof(fc.string().filter((s) => !['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE'].includes(s)), notAString)),
        field('version', badVersion),
      ),
    },
    {
      name: 'POST /api/offices/:id/contacts',
      method: 'POST',
      path: () => `/api/offices/${officeId}/contacts`,
      valid: () => ({ name: 'Never Added', email: 'never@x.com' }),
      known: new Set(['name', 'email', 'phone', 'role', 'is_primary', 'version']),
      bad: fc.oneof(
        field('name', badString),
        field('email', fc.oneof(badString, fc.string().filter((s) => !s.includes('@')))),
        field('is_primary', notABoolean),
        field('phone', fc.oneof(unstorableText, fc.integer())),
        field('version', badVersion),
      ),
    },
    {
      name: 'POST /api/members',
      method: 'POST',
      path: () => '/api/members',
      valid: () => ({ company_name: 'Never Co', location_id: app.locationId, primary_contact: { name: 'N', email: 'n@x.com' } }),
      known: new Set(['company_name', 'location_id', 'primary_contact', 'membership_type']),
      bad: fc.oneof(
        field('company_name', badString),
        field('location_id', notAnId),
        field('primary_contact', fc.oneof(notAnObject, fc.constant({ name: 'N', email: 'not-an-email' }), fc.constant({ name: 'N', email: 'n@x.com', x: 1 }))),
        field('membership_type', fc.oneof(fc.string().filter((s) => !['Premium', 'Standard', 'Basic'].includes(s)), fc.integer())),
      ),
    },
    {
      name: 'PUT /api/members/:id',
      method: 'PUT',
      path: () => `/api/members/${memberId}`,
      valid: () => ({}),
      known: new Set([
        'company_name', 'location_id', 'primary_contact', 'membership_type', 'version', 'id', 'location_name', 'office_id',
        'office_number', 'employees', 'contact_name', 'contact_email', 'contact_phone', 'created_at', 'updated_at',
      ]),
      bad: fc.oneof(
        field('company_name', fc.oneof(badString, badText)),
        field('location_id', notAnId),
        field('primary_contact', fc.oneof(notAnObject, fc.constant({ name: '', email: 'n@x.com' }))),
        field('membership_type', fc.string().filter((s) => !['Premium', 'Standard', 'Basic'].includes(s))),
        field('version', badVersion),
      ),
    },
    {
      name: 'POST /api/members/:id/employees',
      method: 'POST',
      path: () => `/api/members/${memberId}/employees`,
      valid: () => ({ name: 'Never Hired', email: 'never@x.com' }),
      known: new Set(['name', 'email', 'role', 'version']),
      bad: fc.oneof(field('name', badString), field('email', badString), field('role', fc.oneof(unstorableText, fc.integer())), field('version', badVersion)),
    },
    {
      name: 'PATCH /api/members/:id/office',
      method: 'PATCH',
      path: () => `/api/members/${memberId}/office`,
      valid: () => ({ office_id: null }),
      known: new Set(['office_id', 'version']),
      bad: fc.oneof(field('office_id', fc.oneof(notAnId.filter((v) => v !== ''), fc.constant(undefined))), field('version', badVersion)),
    },
  ];

  bodyRouteTests(routes, () => app);

  it('every office and member route refuses ids that are not UUIDs', async () => {
    const calls: [string, (bad: string) => string, unknown?][] = [
      ['GET', (s) => `/api/offices/${s}`],
      ['PUT', (s) => `/api/offices/${s}`, {}],
      ['PATCH', (s) => `/api/offices/${s}/status`, { status: 'VACANT' }],
      ['POST', (s) => `/api/offices/${s}/contacts`, { name: 'N', email: 'n@x.com' }],
      ['DELETE', (s) => `/api/offices/${s}/contacts/${contactId}`],
      ['DELETE', (s) => `/api/offices/${officeId}/contacts/${s}`],
      ['GET', (s) => `/api/members/${s}`],
      ['PUT', (s) => `/api/members/${s}`, {}],
      ['POST', (s) => `/api/members/${s}/employees`, { name: 'N', email: 'n@x.com' }],
      ['PATCH', (s) => `/api/members/${s}/office`, { office_id: null }],
    ];
    await app.checkProperty(fc.tuple(invalidIdSegment, fc.constantFrom(...calls)), async ([segment, [method, path, body]]) => {
      const res = await app.api(method, path(segment), { token: app.token, body });
      const answer = expectClientError(res, 400);
      expect(answer.fields?.length).toBeGreaterThan(0);
      expect(answer.message.startsWith('Invalid id')).toBe(true);
    }, 60);
  });

  it('every office and member route refuses unknown query parameters', async () => {
    const calls: [string, () => string, unknown?][] = [
      ['GET', () => '/api/offices'],
      ['GET', () => `/api/offices/${officeId}`],
      ['POST', () => '/api/offices', { office_number: 'Q-1', location_id: app.locationId }],
      ['PUT', () => `/api/offices/${officeId}`, { desks: 2 }],
      ['PATCH', () => `/api/offices/${officeId}/status`, { status: 'PENDING' }],
      ['POST', () => `/api/offices/${officeId}/contacts`, { name: 'N', email: 'n@x.com' }],
      ['DELETE', () => `/api/offices/${officeId}/contacts/${contactId}`],
      ['GET', () => '/api/members'],
      ['GET', () => `/api/members/${memberId}`],
      ['POST', () => '/api/members', { company_name: 'Q', location_id: app.locationId, primary_contact: { name: 'N', email: 'n@x.com' } }],
      ['PUT', () => `/api/members/${memberId}`, { company_name: 'Q' }],
      ['POST', () => `/api/members/${memberId}/employees`, { name: 'N', email: 'n@x.com' }],
      ['PATCH', () => `/api/members/${memberId}/office`, { office_id: null }],
    ];
    const query = unknownQuery.filter(({ keys }) => !keys.includes('location') && !keys.includes('version'));
    await app.checkProperty(fc.tuple(fc.constantFrom(...calls), query), async ([[method, path, body], { keys, query: q }]) => {
      const res = await app.api(method, `${path()}?${q}`, { token: app.token, body });
      for (const key of keys) expectFieldError(res, key, 'Unknown field');
    }, 60);
  });

  it('the list filters refuse a location that is not text or cannot be stored', async () => {
    for (const path of ['/api/offices', '/api/members']) {
      for (const q of ['location=a&location=b', 'location=x%00y', `location=${'x'.repeat(300)}`]) {
        const res = await app.api('GET', `${path}?${q}`, { token: app.token });
        expectFieldError(res, 'location');
      }
    }
  });
});
