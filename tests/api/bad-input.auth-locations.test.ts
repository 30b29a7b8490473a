import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badText,
  expectClientError,
  expectFieldError,
  expectNotAnObject,
  invalidIdSegment,
  invalidJsonText,
  jsonValue,
  nonObjectJson,
  notAString,
  startBadInputServer,
  unknownKey,
  unknownQuery,
  unstorableText,
  validCreate,
  validUpdate,
  withoutProto,
  type BadInputServer,
} from '../support/badInput';
import { demoCredentials, type Api, type TestServer } from '../support/server';

/**
 * Malformed input on the sign-in, location, health and config routes: whatever the client sends,
 * the answer is a 4xx with a message (never a 500, never a 2xx for input that is really invalid),
 * validation failures name the offending field, and nothing is appended to the event log.
 * The office and member routes are in bad-input.offices-members.test.ts; malformed credentials
 * and Authorization headers in bad-input.auth.test.ts.
 */

let server: TestServer;
let api: Api;
let token: string;
let locationId: string;
let logHead: BadInputServer['logHead'];
let checkProperty: BadInputServer['checkProperty'];

beforeAll(async () => {
  ({ server, api, token, locationId, logHead, checkProperty } = await startBadInputServer());
});

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Generators for the location and sign-in bodies

const LOCATION_TEXT_FIELDS = { name: 80, city: 80, address: 300, manager: 120 } as const;
type TextField = keyof typeof LOCATION_TEXT_FIELDS;
const TEXT_FIELDS = Object.keys(LOCATION_TEXT_FIELDS) as TextField[];
const LOCATION_KEYS = new Set(['name', 'city', 'address', 'manager', 'floors', 'version']);
/** A PUT also takes back the read-only fields GET returns. */
const LOCATION_UPDATE_KEYS = new Set([...LOCATION_KEYS, 'id', 'created_at', 'updated_at']);

/** Anything floors must refuse: not a list, non-integers, out of range, repeated, too many. */
const badFloors: fc.Arbitrary<unknown> = fc.oneof(
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), withoutProto(fc.dictionary(fc.string(), fc.integer()))),
  fc.array(fc.oneof(fc.string(), fc.boolean(), fc.constant(null)), { minLength: 1, maxLength: 4 }),
  fc
    .array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 4 })
    .filter((xs) => xs.some((x) => !Number.isInteger(x))),
  fc.array(fc.oneof(fc.integer({ min: 201 }), fc.integer({ max: -6 })), { minLength: 1, maxLength: 4 }),
  fc.integer({ min: -5, max: 200 }).map((n) => [n, n]),
  fc.constant(Array.from({ length: 201 }, (_, i) => i - 5)),
);

// ---------------------------------------------------------------------------------------------
// Properties

describe('bad input, property-based', () => {
  const bodyRoutes = [
    { name: 'POST /api/auth/login', method: 'POST', path: () => '/api/auth/login', auth: false },
    { name: 'POST /api/locations', method: 'POST', path: () => '/api/locations', auth: true },
    { name: 'PUT /api/locations/:id', method: 'PUT', path: () => `/api/locations/${locationId}`, auth: true },
  ] as const;

  for (const route of bodyRoutes) {
    it(`${route.name} refuses bodies that are not objects`, async () => {
      await checkProperty(nonObjectJson, async (body) => {
        const res = await api(route.method, route.path(), { token: route.auth ? token : null, body });
        expectNotAnObject(res);
      });
    });

    it(`${route.name} refuses text that is not JSON`, async () => {
      await checkProperty(invalidJsonText, async (raw) => {
        const res = await api(route.method, route.path(), { token: route.auth ? token : null, raw });
        const body = expectClientError(res, 400);
        expect(body.message).toBe('Request body is not valid JSON');
      });
    });
  }

  it('POST /api/locations refuses a required field of the wrong type', async () => {
    const arb = fc.tuple(validCreate, fc.constantFrom(...TEXT_FIELDS), notAString);
    await checkProperty(arb, async ([base, field, value]) => {
      const res = await api('POST', '/api/locations', { token, body: { ...base, [field]: value } });
      expectFieldError(res, field);
    });
  });

  it('POST /api/locations refuses a body missing required fields', async () => {
    const arb = fc.tuple(validCreate, fc.subarray(TEXT_FIELDS, { minLength: 1 }));
    await checkProperty(arb, async ([base, missing]) => {
      const body: Record<string, unknown> = { ...base };
      for (const field of missing) delete body[field];
      const res = await api('POST', '/api/locations', { token, body });
      for (const field of missing) expectFieldError(res, field);
    });
  });

  it('POST /api/locations refuses blank and huge (10,000+ character) text', async () => {
    const arb = fc.tuple(validCreate, fc.constantFrom(...TEXT_FIELDS), badText);
    await checkProperty(arb, async ([base, field, value]) => {
      const res = await api('POST', '/api/locations', { token, body: { ...base, [field]: value } });
      expectFieldError(res, field);
    });
  });

  it('POST /api/locations refuses text PostgreSQL cannot store (NUL, lone surrogates)', async () => {
    const arb = fc.tuple(validCreate, fc.constantFrom(...TEXT_FIELDS), unstorableText);
    await checkProperty(arb, async ([base, field, value]) => {
      const res = await api('POST', '/api/locations', { token, body: { ...base, [field]: value } });
      expectFieldError(res, field);
    });
  });

  it('POST /api/locations refuses invalid floors', async () => {
    const arb = fc.tuple(validCreate, badFloors);
    await checkProperty(arb, async ([base, floors]) => {
      const res = await api('POST', '/api/locations', { token, body: { ...base, floors } });
      expectFieldError(res, 'floors');
    });
  });

  it('POST /api/locations refuses unknown fields, naming each one', async () => {
    const arb = fc.tuple(validCreate, unknownKey(LOCATION_KEYS), jsonValue(2));
    await checkProperty(arb, async ([base, key, value]) => {
      const res = await api('POST', '/api/locations', { token, body: { ...base, [key]: value } });
      expectFieldError(res, key, 'Unknown field');
    });
  });

  it('PUT /api/locations/:id refuses fields of the wrong type, blank, huge or unstorable text', async () => {
    const badValue = fc.oneof(
      fc.tuple(fc.constantFrom<string>(...TEXT_FIELDS), fc.oneof(notAString, badText, unstorableText)),
      fc.tuple(fc.constant('floors'), badFloors),
      fc.tuple(
        fc.constant('version'),
        fc.oneof(
          fc.integer({ max: 0 }),
          fc.double({ min: 1, max: 1000, noNaN: true }).filter((x) => !Number.isInteger(x)),
          fc.integer({ min: 1, max: 5 }).map(String),
          fc.constant(null),
          fc.boolean(),
        ),
      ),
    );
    await checkProperty(fc.tuple(validUpdate, badValue), async ([base, [field, value]]) => {
      const res = await api('PUT', `/api/locations/${locationId}`, { token, body: { ...base, [field]: value } });
      expectFieldError(res, field);
    });
  });

  it('PUT /api/locations/:id refuses unknown fields, naming each one', async () => {
    const arb = fc.tuple(validUpdate, unknownKey(LOCATION_UPDATE_KEYS), jsonValue(2));
    await checkProperty(arb, async ([base, key, value]) => {
      const res = await api('PUT', `/api/locations/${locationId}`, { token, body: { ...base, [key]: value } });
      expectFieldError(res, key, 'Unknown field');
    });
  });

  it('GET and PUT /api/locations/:id refuse ids that are not UUIDs', async () => {
    const arb = fc.tuple(invalidIdSegment, fc.constantFrom('GET', 'PUT'), validUpdate);
    await checkProperty(arb, async ([segment, method, body]) => {
      const res = await api(method, `/api/locations/${segment}`, { token, body: method === 'PUT' ? body : undefined });
      expectFieldError(res, 'id');
    });
  });

  it('every route refuses unknown query parameters', async () => {
    const routes: { method: string; path: () => string; token: () => string | null; body?: () => unknown }[] = [
      { method: 'POST', path: () => '/api/auth/login', token: () => null, body: () => demoCredentials.admin },
      { method: 'GET', path: () => '/api/auth/me', token: () => token },
      { method: 'GET', path: () => '/api/config', token: () => null },
      { method: 'GET', path: () => '/api/health', token: () => null },
      { method: 'GET', path: () => '/api/locations', token: () => token },
      { method: 'GET', path: () => `/api/locations/${locationId}`, token: () => token },
      {
        method: 'POST',
        path: () => '/api/locations',
        token: () => token,
        body: () => ({ name: 'Query Test', city: 'Nowhere', address: '1 Nowhere Street', manager: 'Nobody' }),
      },
      { method: 'PUT', path: () => `/api/locations/${locationId}`, token: () => token, body: () => ({ name: 'Renamed' }) },
    ];
    const arb = fc.tuple(fc.constantFrom(...routes), unknownQuery);
    await checkProperty(
      arb,
      async ([route, { keys, query }]) => {
        const res = await api(route.method, `${route.path()}?${query}`, { token: route.token(), body: route.body?.() });
        for (const key of keys) expectFieldError(res, key, 'Unknown field');
        expect(res.body.message.startsWith('Invalid query')).toBe(true);
      },
      60,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Examples

describe('bad input, examples', () => {
  const valid = { name: 'Example House', city: 'Boston', address: '1 Example Street, Boston, MA', manager: 'Pat Doe' };

  it('an unknown field is named in fields with the message Unknown field', async () => {
    const before = await logHead();
    const res = await api('POST', '/api/locations', { token, body: { ...valid, colour: 'blue' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'colour', message: 'Unknown field' });
    expect(res.body.message).toBe('Invalid input: colour: Unknown field');
    expect(await logHead()).toBe(before);
  });

  it('a missing required field is named in fields', async () => {
    const { city: _city, ...withoutCity } = valid;
    const res = await api('POST', '/api/locations', { token, body: withoutCity });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'city', message: 'City must be text' }]);
  });

  it('a non-uuid id on GET /api/locations/:id is a 400 naming the id', async () => {
    const res = await api('GET', '/api/locations/not-a-uuid', { token });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'id', message: 'Must be a valid id' }]);
  });

  it('url-encoded junk in the id is a 400, not a 500', async () => {
    for (const segment of ['%E0%A4%A', '%', '%00', '%2F..%2F', '%C3%28']) {
      const res = await api('GET', `/api/locations/${segment}`, { token });
      expect(res.status, segment).toBe(400);
      expect(res.body.message, segment).toBe('Invalid id: id: Must be a valid id');
    }
  });

  it('a valid but unknown uuid is a 404', async () => {
    const res = await api('GET', `/api/locations/${randomUUID()}`, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Location not found' });
  });

  it('PUT of a valid but unknown uuid is a 404 and appends nothing', async () => {
    const before = await logHead();
    const res = await api('PUT', `/api/locations/${randomUUID()}`, { token, body: { name: 'Ghost' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Location not found' });
    expect(await logHead()).toBe(before);
  });

  it('malformed JSON is a 400 with a fixed message', async () => {
    for (const [method, path] of [
      ['POST', '/api/locations'],
      ['PUT', `/api/locations/${locationId}`],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await api(method, path, { token, raw: '{"name": "Half' });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ message: 'Request body is not valid JSON' });
    }
  });

  it('a __proto__ key is refused, not merged', async () => {
    const res = await api('POST', '/api/locations', {
      token,
      raw: JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"role":"admin"},'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('a body over the 1mb limit is a 413', async () => {
    const before = await logHead();
    const res = await api('POST', '/api/locations', { token, body: { ...valid, address: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large' });
    expect(await logHead()).toBe(before);
  });

  it('a body declared compressed that does not decompress is a 400, not a 500', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await api('POST', '/api/locations', {
        token,
        raw: JSON.stringify(valid),
        headers: { 'content-encoding': encoding },
      });
      expect(res.status, encoding).toBe(400);
      expect(res.body, encoding).toEqual({ message: 'Request body could not be decoded' });
    }
  });

  it('an unknown content encoding is a 415', async () => {
    const res = await api('POST', '/api/locations', { token, raw: '{}', headers: { 'content-encoding': 'zip' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Unsupported request body encoding' });
  });

  it('a NUL character in a name is a 400 naming the field, not a 500', async () => {
    const before = await logHead();
    const res = await api('POST', '/api/locations', { token, body: { ...valid, name: 'Nul\u0000House' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'name', message: 'Name contains characters that are not allowed (NUL or an unpaired surrogate)' }]);
    expect(await logHead()).toBe(before);
  });

  it('unknown query parameters on /api/health and /api/config are refused', async () => {
    for (const path of ['/api/health?verbose=1', '/api/config?x=1']) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.fields, path).toContainEqual({ field: path.split('?')[1]!.split('=')[0]!, message: 'Unknown field' });
    }
  });

  it('the same valid request without the junk succeeds (the generators are not testing a broken route)', async () => {
    const before = await logHead();
    const created = await api('POST', '/api/locations', { token, body: valid });
    expect(created.status).toBe(201);
    expect(await logHead()).toBe((before ?? 0) + 1);
    const updated = await api('PUT', `/api/locations/${created.body.id}`, { token, body: { name: 'Example Hall' } });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Example Hall');
    const me = await api('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    for (const path of ['/api/health', '/api/config']) expect((await api('GET', path)).status).toBe(200);
  });
});
