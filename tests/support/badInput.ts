import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCredentials, signIn, startTestServer, type Api, type ApiResponse, type TestServer } from './server';

/**
 * What the bad-input tests share (tests/api/bad-input.*.test.ts): a server with the demo seed
 * signed in as the admin, the checks every answer to malformed input must pass, and the
 * generators of malformed input used on more than one area of the API.
 */

export interface BadInputServer {
  server: TestServer;
  api: Api;
  token: string;
  /** An existing location, so that PUT and GET by id fail on the input and not on the id. */
  locationId: string;
  /** The position of the last event in the log (null when the log is empty). */
  logHead(): Promise<number | null>;
  /** Runs a property and checks the event log is exactly where it was before. */
  checkProperty<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns?: number): Promise<void>;
}

/** Starts a test server (each test file starts its own) and signs in as the demo admin. */
export async function startBadInputServer(): Promise<BadInputServer> {
  const server = await startTestServer();

  async function logHead(): Promise<number | null> {
    const [row] = await server.deps.sql<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
    return row?.position ?? null;
  }

  async function checkProperty<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns = 40) {
    const before = await logHead();
    expect(before).not.toBeNull(); // the demo seed wrote events, so a change would be visible
    await fc.assert(fc.asyncProperty(arb, predicate), { numRuns });
    expect(await logHead()).toBe(before);
  }

  try {
    const api = server.api;
    const token = (await signIn(api, demoCredentials.admin)).access_token;
    const list = await api<{ id: string }[]>('GET', '/api/locations', { token });
    expect(list.status).toBe(200);
    const locationId = list.body[0]!.id;
    return { server, api, token, locationId, logHead, checkProperty };
  } catch (error) {
    await server.stop(); // the caller never gets the server, so it cannot stop it
    throw error;
  }
}

/**
 * A bad-input test file's server: started before the file's tests (then `setup`, which makes the
 * rows they aim at), stopped after them. Its fields are there once the tests run.
 */
export function badInputFile(setup?: (server: BadInputServer) => Promise<void>): BadInputServer {
  const file = {} as BadInputServer;
  beforeAll(async () => {
    Object.assign(file, await startBadInputServer());
    await setup?.(file);
  });
  afterAll(async () => {
    await file.server?.stop();
  });
  return file;
}

// ---------------------------------------------------------------------------------------------
// Checks

export interface FieldError {
  field: string;
  message: string;
}

/** A 4xx with a non-empty string message; returns the body for further checks. */
export function expectClientError(res: ApiResponse, status?: number): { message: string; fields?: FieldError[] } {
  const context = `${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  if (status !== undefined) expect(res.status, context).toBe(status);
  expect(typeof res.body?.message, context).toBe('string');
  expect(res.body.message.length, context).toBeGreaterThan(0);
  return res.body;
}

/** A 400 from validation whose `fields` names `field` (or an element of it, e.g. floors.0). */
export function expectFieldError(res: ApiResponse, field: string, message?: string) {
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
export function expectNotAnObject(res: ApiResponse) {
  const body = expectClientError(res, 400);
  const namedBody = body.fields?.some((f) => f.field === '(body)') ?? false;
  expect(namedBody || body.message === 'Request body is not valid JSON', res.text.slice(0, 300)).toBe(true);
}

export const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

/** Valid text for a location field: non-blank, short enough once trimmed. */
const validText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
  .filter((s) => s.trim().length > 0 && s.trim().length <= 80);

const validFloors = fc.uniqueArray(fc.integer({ min: -5, max: 200 }), { maxLength: 6 });

/** A body POST /api/locations accepts; every invalid location body is derived from one. */
export const validCreate = fc.record(
  { name: validText, city: validText, address: validText, manager: validText, floors: validFloors },
  { requiredKeys: ['name', 'city', 'address', 'manager'] },
);

/** A body PUT /api/locations/:id accepts (any subset of the fields). */
export const validUpdate = fc.record(
  { name: validText, city: validText, address: validText, manager: validText, floors: validFloors },
  { requiredKeys: [] },
);

/**
 * The JSON parser refuses a `__proto__` key anywhere in a body (an example in
 * bad-input.auth-locations.test.ts checks that), so generated values that should reach
 * validation must not contain one.
 */
export const withoutProto = <T>(arb: fc.Arbitrary<T>) => arb.filter((v) => !JSON.stringify(v ?? null).includes('"__proto__"'));

export const jsonValue = (maxDepth: number) => withoutProto(fc.jsonValue({ maxDepth }));

/** Any JSON value that is not a JSON object. */
export const nonObjectJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(jsonValue(2), { maxLength: 5 }),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Anything but a string: what a text field must refuse. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  withoutProto(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string(), { maxKeys: 3 })),
);

/** Text a text field must refuse: blank, or longer than any limit (10,000+ characters). */
export const badText: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[ \t\n\r]*$/),
  fc
    .tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 }), fc.integer({ min: 10_000, max: 20_000 }))
    .map(([chunk, n]) => chunk.repeat(Math.ceil(n / chunk.length)))
    .filter((s) => s.trim().length > 300),
);

/** Valid-looking text with a character PostgreSQL cannot store: NUL or a lone surrogate. */
export const unstorableText: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 10 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
    fc.string({ minLength: 1, maxLength: 10 }),
  )
  .map(([a, bad, b]) => `x${a}${bad}${b}x`);

/** A key no schema declares (and not __proto__, which the JSON parser refuses outright). */
export const unknownKey = (known: Set<string>) =>
  fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !known.has(k) && k !== '__proto__');

/** JSON text that does not parse: truncated objects, or arbitrary junk. */
export const invalidJsonText: fc.Arbitrary<string> = fc
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
export const invalidIdSegment: fc.Arbitrary<string> = fc
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
export const unknownQuery = fc
  .array(fc.tuple(unknownKey(new Set()), fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 3 })
  .map((pairs) => ({ keys: pairs.map(([k]) => k), query: new URLSearchParams(pairs).toString() }));

// ---------------------------------------------------------------------------------------------
// Routes that take a JSON body

/** A version a mutation must refuse: not a whole number of at least 1. */
export const badVersion: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ min: 1, max: 1000, noNaN: true }).filter((x) => !Number.isInteger(x)),
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.boolean(),
);

/** What an id field must refuse. */
export const notAnId: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !UUID_LIKE.test(s)),
  fc.integer(),
  fc.boolean(),
);

export interface BodyRoute {
  name: string;
  method: string;
  path: () => string;
  /** A body the route accepts; each bad body is this one with one field broken. */
  valid: () => Record<string, unknown>;
  known: Set<string>;
  /** [field named in the answer, body with that field broken] */
  bad: fc.Arbitrary<[string, Record<string, unknown>]>;
}

/** One field broken by `value`, named `at` in the answer (a nested field's path). */
export const bodyField = (name: string, value: fc.Arbitrary<unknown>, at = name) =>
  value.map((v) => [at, { [name]: v }] as [string, Record<string, unknown>]);

/**
 * The checks every route with a JSON body gets: a body that is not an object or not JSON, a field
 * of the wrong type or value (named in the answer), an unknown field (named), each refused with
 * nothing appended to the log; and the valid body accepted, so the generators test a working
 * route. `server` is read when the tests run, after the file's beforeAll.
 */
export function bodyRouteTests(routes: () => BodyRoute[], server: () => Pick<BadInputServer, 'api' | 'token' | 'checkProperty'>) {
  for (const route of routes()) {
    it(`${route.name} refuses bodies that are not objects, and text that is not JSON`, async () => {
      const { api, token, checkProperty } = server();
      await checkProperty(nonObjectJson, async (body) => {
        expectNotAnObject(await api(route.method, route.path(), { token, body }));
      }, 20);
      await checkProperty(invalidJsonText, async (raw) => {
        const res = await api(route.method, route.path(), { token, raw });
        expect(expectClientError(res, 400).message).toBe('Request body is not valid JSON');
      }, 20);
    });

    it(`${route.name} refuses fields of the wrong type, naming them`, async () => {
      const { api, token, checkProperty } = server();
      await checkProperty(route.bad, async ([name, broken]) => {
        const body = { ...route.valid(), ...broken };
        if (broken[name] === undefined) delete body[name];
        expectFieldError(await api(route.method, route.path(), { token, body }), name);
      });
    });

    it(`${route.name} refuses unknown fields, naming each one`, async () => {
      const { api, token, checkProperty } = server();
      await checkProperty(fc.tuple(unknownKey(route.known), jsonValue(2)), async ([key, value]) => {
        const res = await api(route.method, route.path(), { token, body: { ...route.valid(), [key]: value } });
        expectFieldError(res, key, 'Unknown field');
      });
    });
  }

  it('the same routes accept the valid bodies (the generators are not testing a broken route)', async () => {
    const { api, token } = server();
    for (const route of routes()) {
      const res = await api(route.method, route.path(), { token, body: route.valid() });
      expect(res.status, `${route.name} ${res.text}`).toBeLessThan(300);
    }
  });
}
