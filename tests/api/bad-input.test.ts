import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, signIn, startTestServer, type Api, type ApiResponse, type TestServer } from '../support/server';

/**
 * Malformed input on every route: whatever the client sends, the answer is a 4xx with a
 * message (never a 500, never a 2xx for input that is really invalid), validation failures
 * name the offending field, and nothing is appended to the event log.
 */

let server: TestServer;
let api: Api;
let token: string;
/** An existing location, so that PUT and GET by id fail on the input and not on the id. */
let locationId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = server.api;
  token = (await signIn(api, demoCredentials.admin)).access_token;
  const list = await api<{ id: string }[]>('GET', '/api/locations', { token });
  expect(list.status).toBe(200);
  locationId = list.body[0]!.id;
});

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function logHead(): Promise<number | null> {
  const [row] = await server.deps.sql<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
  return row?.position ?? null;
}

/** Runs a property and checks the event log is exactly where it was before. */
async function checkProperty<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = 40) {
  const before = await logHead();
  expect(before).not.toBeNull(); // the demo seed wrote events, so a change would be visible
  await fc.assert(fc.asyncProperty(arb, predicate), { numRuns });
  expect(await logHead()).toBe(before);
}

interface FieldError {
  field: string;
  message: string;
}

/** A 4xx with a non-empty string message; returns the body for further checks. */
function expectClientError(res: ApiResponse, status?: number): { message: string; fields?: FieldError[] } {
  const context = `${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  if (status !== undefined) expect(res.status, context).toBe(status);
  expect(typeof res.body?.message, context).toBe('string');
  expect(res.body.message.length, context).toBeGreaterThan(0);
  return res.body;
}

/** A 400 from validation whose `fields` names `field` (or an element of it, e.g. floors.0). */
function expectFieldError(res: ApiResponse, field: string, message?: string) {
  const body = expectClientError(res, 400);
  const context = res.text.slice(0, 300);
  expect(Array.isArray(body.fields), context).toBe(true);
  for (const f of body.fields!) {
    expect(typeof f.field, context).toBe('string');
    expect(typeof f.message, context).toBe('string');
    expect(f.message.length, context).toBeGreaterThan(0);
  }
  const named = body.fields!.filter((f) => f.field === field || f.field.startsWith(`${field}.`));
  expect(named.length, `expected ${field} in ${context}`).toBeGreaterThan(0);
  if (message !== undefined) expect(named.map((f) => f.message), context).toContain(message);
}

/** A body that is not a JSON object: either the JSON parser or the schema refuses it. */
function expectNotAnObject(res: ApiResponse) {
  const body = expectClientError(res, 400);
  const namedBody = body.fields?.some((f) => f.field === '(body)') ?? false;
  expect(namedBody || body.message === 'Request body is not valid JSON', res.text.slice(0, 300)).toBe(true);
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

const LOCATION_TEXT_FIELDS = { name: 80, city: 80, address: 300, manager: 120 } as const;
type TextField = keyof typeof LOCATION_TEXT_FIELDS;
const TEXT_FIELDS = Object.keys(LOCATION_TEXT_FIELDS) as TextField[];
const LOCATION_KEYS = new Set(['name', 'city', 'address', 'manager', 'floors', 'version']);
const LOGIN_KEYS = new Set(['email', 'password']);

/** Valid text for a location field: non-blank, short enough once trimmed. */
const validText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
  .filter((s) => s.trim().length > 0 && s.trim().length <= 80);

const validFloors = fc.uniqueArray(fc.integer({ min: -5, max: 200 }), { maxLength: 6 });

/** A body POST /api/locations accepts; every invalid body below is derived from one. */
const validCreate = fc.record(
  { name: validText, city: validText, address: validText, manager: validText, floors: validFloors },
  { requiredKeys: ['name', 'city', 'address', 'manager'] },
);

/** A body PUT /api/locations/:id accepts (any subset of the fields). */
const validUpdate = fc.record(
  { name: validText, city: validText, address: validText, manager: validText, floors: validFloors },
  { requiredKeys: [] },
);

/**
 * The JSON parser refuses a `__proto__` key anywhere in a body (an example below checks that),
 * so generated values that should reach validation must not contain one.
 */
const withoutProto = <T>(arb: fc.Arbitrary<T>) => arb.filter((v) => !JSON.stringify(v ?? null).includes('"__proto__"'));

const jsonValue = (maxDepth: number) => withoutProto(fc.jsonValue({ maxDepth }));

/** Any JSON value that is not a JSON object. */
const nonObjectJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(jsonValue(2), { maxLength: 5 }),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Anything but a string: what a text field must refuse. */
const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  withoutProto(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string(), { maxKeys: 3 })),
);

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

/** Text a text field must refuse: blank, or longer than any limit (10,000+ characters). */
const badText: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[ \t\n\r]*$/),
  fc
    .tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 }), fc.integer({ min: 10_000, max: 20_000 }))
    .map(([chunk, n]) => chunk.repeat(Math.ceil(n / chunk.length)))
    .filter((s) => s.trim().length > 300),
);

/** Valid-looking text with a character PostgreSQL cannot store: NUL or a lone surrogate. */
const unstorableText: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 10 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
    fc.string({ minLength: 1, maxLength: 10 }),
  )
  .map(([a, bad, b]) => `x${a}${bad}${b}x`);

/** A key no schema declares (and not __proto__, which the JSON parser refuses outright). */
const unknownKey = (known: Set<string>) =>
  fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !known.has(k) && k !== '__proto__');

/** JSON text that does not parse: truncated objects, or arbitrary junk. */
const invalidJsonText: fc.Arbitrary<string> = fc
  .oneof(
    validCreate.chain((body) => {
      const text = JSON.stringify(body);
      return fc.integer({ min: 1, max: text.length - 1 }).map((n) => text.slice(0, n));
    }),
    fc.string({ minLength: 1 }),
    fc.string({ unit: 'binary', minLength: 1 }),
    fc.constantFrom('{', '}', '{"name":}', "{'name':'x'}", '{"a":1,}', '[1,]', 'undefined', 'NaN', '{"a":01}'),
  )
  // The body decoder drops a leading byte-order mark, so such text could still parse.
  .filter((text) => {
    if (text.startsWith('\uFEFF')) return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** A path segment that is not a UUID: random text (url-encoded), near-UUIDs, percent junk. */
const invalidIdSegment: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.uuid().chain((id) =>
      fc.oneof(
        fc.constant(id.slice(0, -1)),
        fc.constant(`${id}0`),
        fc.constant(id.replaceAll('-', '')),
        fc.constant(`{${id}}`).map(encodeURIComponent),
        fc.integer({ min: 0, max: 35 }).map((i) => `${id.slice(0, i)}g${id.slice(i + 1)}`),
        fc.constant(encodeURIComponent(` ${id}`)),
      ),
    ),
    fc
      .array(
        fc.oneof(
          fc.constantFrom('%', '%0', '%zz', '%E0%A4%A', '%C3%28', '%00', '%2F', '%FF', '%u0041', '%25', '%0A'),
          fc.stringMatching(/^[A-Za-z0-9_~-]{1,6}$/),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((parts) => parts.join('')),
  )
  .filter((segment) => segment !== '.' && segment !== '..' && !UUID_LIKE.test(safeDecode(segment)));

/** A query string of one to three parameters, at least one of them unknown to the route. */
const unknownQuery = fc
  .array(fc.tuple(unknownKey(new Set()), fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 3 })
  .map((pairs) => ({ keys: pairs.map(([k]) => k), query: new URLSearchParams(pairs).toString() }));

/** Authorization header values that carry no valid token. */
const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).map((s) => `Bearer ${s}`),
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', 'Bearer a.b.c d'),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `Bearer ${Buffer.from(s).toString('base64url')}.e30.sig`),
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
    const arb = fc.tuple(validUpdate, unknownKey(LOCATION_KEYS), jsonValue(2));
    await checkProperty(arb, async ([base, key, value]) => {
      const res = await api('PUT', `/api/locations/${locationId}`, { token, body: { ...base, [key]: value } });
      expectFieldError(res, key, 'Unknown field');
    });
  });

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
    expect(res.body.fields).toEqual([{ field: 'name', message: 'Name contains characters that are not allowed' }]);
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

// ---------------------------------------------------------------------------------------------
// Offices and members

describe('bad input on the office and member routes', () => {
  let officeId = '';
  let contactId = '';
  let memberId = '';

  beforeAll(async () => {
    const office = await api('POST', '/api/offices', { token, body: { office_number: 'BAD-1', location_id: locationId } });
    expect(office.status).toBe(201);
    officeId = office.body.id;
    const withContact = await api('POST', `/api/offices/${officeId}/contacts`, { token, body: { name: 'C', email: 'c@x.com' } });
    contactId = withContact.body.contacts[0].id;
    const member = await api('POST', '/api/members', {
      token,
      body: { company_name: 'Bad Input Co', location_id: locationId, primary_contact: { name: 'N', email: 'n@x.com' } },
    });
    expect(member.status).toBe(201);
    memberId = member.body.id;
  });

  const keysOf = (schema: { shape: object }) => new Set(Object.keys(schema.shape));
  const badVersion = fc.oneof(
    fc.integer({ max: 0 }),
    fc.double({ min: 1, max: 1000, noNaN: true }).filter((x) => !Number.isInteger(x)),
    fc.integer({ min: 1, max: 5 }).map(String),
    fc.boolean(),
  );
  const notANumber: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
  const notABoolean: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
  const notAnId: fc.Arbitrary<unknown> = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !UUID_LIKE.test(s)), fc.integer(), fc.boolean());
  const notAnObject: fc.Arbitrary<unknown> = fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 2 }));
  const badString = fc.oneof(notAString, unstorableText);

  interface BodyRoute {
    name: string;
    method: string;
    path: () => string;
    valid: () => Record<string, unknown>;
    known: Set<string>;
    /** [field named in the answer, body with that field broken] */
    bad: fc.Arbitrary<[string, Record<string, unknown>]>;
  }
  const field = (name: string, value: fc.Arbitrary<unknown>, at = name) => value.map((v) => [at, { [name]: v }] as [string, Record<string, unknown>]);

  const routes = (): BodyRoute[] => [
    {
      name: 'POST /api/offices',
      method: 'POST',
      path: () => '/api/offices',
      valid: () => ({ office_number: 'NEVER-1', location_id: locationId }),
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
      valid: () => ({ company_name: 'Never Co', location_id: locationId, primary_contact: { name: 'N', email: 'n@x.com' } }),
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

  for (const route of routes()) {
    it(`${route.name} refuses bodies that are not objects, and text that is not JSON`, async () => {
      await checkProperty(nonObjectJson, async (body) => {
        expectNotAnObject(await api(route.method, route.path(), { token, body }));
      }, 20);
      await checkProperty(invalidJsonText, async (raw) => {
        const res = await api(route.method, route.path(), { token, raw });
        expect(expectClientError(res, 400).message).toBe('Request body is not valid JSON');
      }, 20);
    });

    it(`${route.name} refuses fields of the wrong type, naming them`, async () => {
      await checkProperty(route.bad, async ([name, broken]) => {
        const body = { ...route.valid(), ...broken };
        if (broken[name] === undefined) delete body[name];
        expectFieldError(await api(route.method, route.path(), { token, body }), name);
      });
    });

    it(`${route.name} refuses unknown fields, naming each one`, async () => {
      await checkProperty(fc.tuple(unknownKey(route.known), jsonValue(2)), async ([key, value]) => {
        const res = await api(route.method, route.path(), { token, body: { ...route.valid(), [key]: value } });
        expectFieldError(res, key, 'Unknown field');
      });
    });
  }

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
    await checkProperty(fc.tuple(invalidIdSegment, fc.constantFrom(...calls)), async ([segment, [method, path, body]]) => {
      const res = await api(method, path(segment), { token, body });
      const answer = expectClientError(res, 400);
      expect(answer.fields?.length).toBeGreaterThan(0);
      expect(answer.message.startsWith('Invalid id')).toBe(true);
    }, 60);
  });

  it('every office and member route refuses unknown query parameters', async () => {
    const calls: [string, () => string, unknown?][] = [
      ['GET', () => '/api/offices'],
      ['GET', () => `/api/offices/${officeId}`],
      ['POST', () => '/api/offices', { office_number: 'Q-1', location_id: locationId }],
      ['PUT', () => `/api/offices/${officeId}`, { desks: 2 }],
      ['PATCH', () => `/api/offices/${officeId}/status`, { status: 'PENDING' }],
      ['POST', () => `/api/offices/${officeId}/contacts`, { name: 'N', email: 'n@x.com' }],
      ['DELETE', () => `/api/offices/${officeId}/contacts/${contactId}`],
      ['GET', () => '/api/members'],
      ['GET', () => `/api/members/${memberId}`],
      ['POST', () => '/api/members', { company_name: 'Q', location_id: locationId, primary_contact: { name: 'N', email: 'n@x.com' } }],
      ['PUT', () => `/api/members/${memberId}`, { company_name: 'Q' }],
      ['POST', () => `/api/members/${memberId}/employees`, { name: 'N', email: 'n@x.com' }],
      ['PATCH', () => `/api/members/${memberId}/office`, { office_id: null }],
    ];
    const query = unknownQuery.filter(({ keys }) => !keys.includes('location') && !keys.includes('version'));
    await checkProperty(fc.tuple(fc.constantFrom(...calls), query), async ([[method, path, body], { keys, query: q }]) => {
      const res = await api(method, `${path()}?${q}`, { token, body });
      for (const key of keys) expectFieldError(res, key, 'Unknown field');
    }, 60);
  });

  it('the list filters refuse a location that is not text or cannot be stored', async () => {
    for (const path of ['/api/offices', '/api/members']) {
      for (const q of ['location=a&location=b', 'location=x%00y', `location=${'x'.repeat(300)}`]) {
        const res = await api('GET', `${path}?${q}`, { token });
        expectFieldError(res, 'location');
      }
    }
  });

  it('the same routes accept the valid bodies (the generators are not testing a broken route)', async () => {
    for (const route of routes()) {
      const res = await api(route.method, route.path(), { token, body: route.valid() });
      expect(res.status, `${route.name} ${res.text}`).toBeLessThan(300);
    }
  });
});
