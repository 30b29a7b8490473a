import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractChecker, operationsOf, type OpenApiDocument, type Operation } from '../support/openApiContract';
import { invalidBody, invalidText, valid, type JsonSchema, type SamplerOptions } from '../support/schemaArbitrary';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

/**
 * The OpenAPI document is the truth: every operation it lists, called by each role (and by no
 * one) with generated valid and invalid requests, never answers 5xx, and answers only with the
 * statuses, content types and bodies the document gives for it.
 *
 * Reproducible: the seed is fixed (CONTRACT_SEED overrides it) and each operation's own seed is
 * derived from it and the operation's id; a failure prints both, and fast-check's counterexample.
 * CONTRACT_RUNS sets the requests per operation (valid and invalid each); CONTRACT_ONLY='PUT
 * /api/offices/{id}' runs one operation alone (its requests are the same, the rows it meets may not).
 */
const SEED = Number(process.env.CONTRACT_SEED ?? 20_261_127);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 24);
const ONLY = process.env.CONTRACT_ONLY;

const ROLES = ['admin', 'manager', 'viewer', 'none'] as const;
type Role = (typeof ROLES)[number];

interface Request {
  role: Role;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  /** Sent as it is (broken JSON). */
  raw?: string;
  form?: Record<string, unknown>;
  what: string;
}

let server: TestServer;
let document: OpenApiDocument;
let check: ReturnType<typeof contractChecker>;
const tokens: Partial<Record<Role, string>> = {};
/** Ids of existing rows, by the collection path that lists them. */
const idsByCollection = new Map<string, string[]>();
let allIds: string[] = [];
/** Which rows a property names, by its name: `location_id` and `locations` name locations. */
const NAMED_COLLECTIONS: Record<string, string> = {
  location_id: '/api/locations',
  locations: '/api/locations',
  primary_location: '/api/locations',
  office_id: '/api/offices',
  office_ids: '/api/offices',
  release_office_id: '/api/offices',
  member_id: '/api/members',
  company_id: '/api/companies',
  contact_id: '/api/contacts',
  main_contact_id: '/api/contacts',
  before_id: '/api/deals',
  after_id: '/api/deals',
};
const idsFor = (property: string) => idsByCollection.get(NAMED_COLLECTIONS[property] ?? '') ?? [];

/** The signed-in users: never deleted or demoted mid-run, so later operations keep their roles. */
const signedInIds = new Set<string>();

/** Strings the URL encoder refuses (a lone surrogate) go as the bytes a hostile client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((c) => (/\p{Cs}/u.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

function collectIds(value: unknown, into: Set<string>, depth = 0) {
  if (depth > 3 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into, depth + 1);
    return;
  }
  const { id } = value as { id?: unknown };
  if (typeof id === 'string') into.add(id);
  for (const child of Object.values(value)) if (Array.isArray(child)) collectIds(child, into, depth + 1);
}

/** Destructive operations last (users last of all), so they do not empty what others read. */
function order(operation: Operation): number {
  if (operation.method === 'DELETE') return operation.path.startsWith('/api/users') ? 4 : 3;
  if (operation.method === 'GET') return 0;
  return operation.path === '/api/auth/login' ? 2 : 1;
}

/** The operation's own seed: the run's seed and its id, so one operation reproduces alone. */
function seedOf(operationId: string): number {
  let hash = SEED | 0;
  for (const c of operationId) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

const pathParams = (operation: Operation) => operation.parameters.filter((p) => p.in === 'path');
const queryParams = (operation: Operation) => operation.parameters.filter((p) => p.in === 'query');

function pathParamArb(operation: Operation, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const collection = operation.path.slice(0, operation.path.indexOf(`{${name}}`) - 1);
  const destructive = operation.method !== 'GET';
  const keep = (id: string) => !(destructive && collection === '/api/users' && signedInIds.has(id));
  const own = (idsByCollection.get(collection) ?? []).filter(keep);
  const options: SamplerOptions = { ids: allIds.filter(keep), idsFor };
  const generated = valid(schema, options).map(String);
  return own.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A request the document says is valid: every path and query parameter and the body per its schema. */
function validRequest(operation: Operation): fc.Arbitrary<Omit<Request, 'role'>> {
  const path = fc.record(Object.fromEntries(pathParams(operation).map((p) => [p.name, pathParamArb(operation, p.name, p.schema)])));
  const queryModel = Object.fromEntries(queryParams(operation).map((p) => [p.name, valid(p.schema, { ids: allIds, idsFor }).map(asText)]));
  const query = fc.record(queryModel, { requiredKeys: queryParams(operation).filter((p) => p.required).map((p) => p.name) });
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data']?.schema;
  const body: fc.Arbitrary<Pick<Request, 'body' | 'form'>> = json
    ? valid(json, { ids: allIds, idsFor }).map((value) => ({ body: value }))
    : multipart
      ? valid(multipart, { ids: allIds, idsFor }).map((value) => ({ form: value as Record<string, unknown> }))
      : fc.constant({});
  return fc.tuple(path, query, body).map(([params, q, b]) => ({
    path: operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name]!)),
    query: q as Record<string, string>,
    ...b,
    what: 'valid',
  }));
}

/** A valid request with one thing wrong: a path or query value, the body, or its JSON. */
function invalidRequest(operation: Operation): fc.Arbitrary<Omit<Request, 'role'>> {
  const base = validRequest(operation);
  const choices: fc.Arbitrary<Omit<Request, 'role'>>[] = [
    fc.tuple(base, invalidText).map(([request, value]) => ({ ...request, query: { ...request.query, no_such_parameter: value }, what: 'unknown query parameter' })),
  ];
  const queries = queryParams(operation);
  if (queries.length > 0) {
    choices.push(
      fc.tuple(base, fc.constantFrom(...queries.map((p) => p.name)), invalidText).map(([request, name, value]) => ({
        ...request,
        query: { ...request.query, [name]: value },
        what: `query ${name} out of bounds`,
      })),
    );
  }
  const params = pathParams(operation);
  if (params.length > 0) {
    choices.push(
      fc.tuple(base, fc.constantFrom(...params.map((p) => p.name)), invalidText.filter((v) => v !== '')).map(([request, name, value]) => {
        const index = params.findIndex((p) => p.name === name);
        const segments = operation.path.split('/');
        const real = request.path.split('/');
        let seen = -1;
        const path = segments.map((segment, i) => (/^\{\w+\}$/.test(segment) && ++seen === index ? encode(value) : real[i]!)).join('/');
        return { ...request, path, what: `path ${name} out of bounds` };
      }),
    );
  }
  const json = operation.requestBody?.content['application/json']?.schema;
  if (json) {
    choices.push(
      fc.tuple(base, invalidBody(json, { ids: allIds, idsFor })).map(([request, mutation]) => ({ ...request, body: mutation.value, what: `body: ${mutation.kind}` })),
      base.map((request) => ({ ...request, body: undefined, raw: '{"broken": ', what: 'body: not JSON' })),
    );
  }
  const multipart = operation.requestBody?.content['multipart/form-data']?.schema;
  if (multipart) {
    choices.push(
      fc.tuple(base, invalidBody(multipart, { ids: allIds, idsFor })).map(([request, mutation]) => ({
        ...request,
        form: typeof mutation.value === 'object' && mutation.value !== null && !Array.isArray(mutation.value) ? (mutation.value as Record<string, unknown>) : {},
        what: `form: ${mutation.kind}`,
      })),
    );
  }
  return fc.oneof(...choices);
}

function formData(fields: Record<string, unknown>, schema: JsonSchema): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const property = schema.properties?.[name];
    if (property?.format === 'binary' || property?.contentMediaType) {
      const bytes = typeof value === 'string' ? value : JSON.stringify(value);
      form.append(name, new Blob([bytes], { type: 'text/plain' }), 'notes.txt');
    } else {
      form.append(name, asText(value));
    }
  }
  return form;
}

async function send(operation: Operation, request: Request) {
  const search = Object.entries(request.query)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  const headers: Record<string, string> = {};
  const token = tokens[request.role];
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (request.form) {
    body = formData(request.form, operation.requestBody!.content['multipart/form-data']!.schema);
  } else if (request.raw !== undefined || request.body !== undefined) {
    body = request.raw ?? JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${server.url}${request.path}${search ? `?${search}` : ''}`, { method: operation.method, headers, body, redirect: 'manual' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'manager', 'viewer'] as const) {
    const { access_token, user } = await signIn(server.api, demoCredentials[role]);
    tokens[role] = access_token;
    signedInIds.add(user.id);
  }
  document = (await server.api<OpenApiDocument>('GET', '/api/openapi.json')).body;
  check = contractChecker(document);
  // Real ids, so generated requests also reach rows that exist (not only 404s).
  const everyId = new Set<string>();
  for (const operation of operationsOf(document)) {
    if (operation.method !== 'GET' || pathParams(operation).length > 0) continue;
    if (queryParams(operation).some((p) => p.required)) continue;
    const res = await server.api('GET', operation.path, { token: tokens.admin });
    const ids = new Set<string>();
    collectIds(res.body, ids);
    idsByCollection.set(operation.path, [...ids].slice(0, 20));
    for (const id of ids) everyId.add(id);
  }
  allIds = [...everyId];
});

afterAll(async () => {
  await server?.stop();
});

describe('every operation of /api/openapi.json answers as documented, for every role', () => {
  // One test walks every operation (the document is only known once the server runs) and
  // reports each operation that failed, with its seed and counterexample.
  it('never answers 5xx, and only with documented statuses and bodies', { timeout: 600_000 }, async () => {
    const every = operationsOf(document).sort((a, b) => order(a) - order(b));
    expect(every.length).toBeGreaterThan(80);
    const listed = every.filter((o) => !ONLY || `${o.method} ${o.path}` === ONLY);
    expect(listed.length).toBeGreaterThan(0);
    const failures: string[] = [];
    /** What the run reached: answers by status, and the operations that answered a success at least once. */
    const statuses = new Map<number, number>();
    const succeeded = new Set<string>();
    for (const operation of listed) {
      const requests = fc.oneof(validRequest(operation), invalidRequest(operation));
      const seed = seedOf(operation.operationId);
      const result = await fc.check(
        fc.asyncProperty(fc.constantFrom(...ROLES), requests, async (role, partial) => {
          const request: Request = { ...partial, role };
          const answer = await send(operation, request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status < 300) succeeded.add(operation.operationId);
          const problems = answer.status >= 500 ? [`answered ${answer.status}: ${answer.text.slice(0, 300)}`] : check(operation, answer);
          if (problems.length > 0) throw new Error(`${request.what} as ${role}: ${problems.join('; ')}`);
          return true;
        }),
        { seed, numRuns: RUNS * 2, endOnFailure: true },
      );
      if (result.failed) {
        const example = result.counterexample ? JSON.stringify(result.counterexample).slice(0, 600) : '';
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${operation.method} ${operation.path} (seed ${seed}; again: CONTRACT_SEED=${SEED} CONTRACT_ONLY='${operation.method} ${operation.path}'; fast-check path ${result.counterexamplePath}): ${error}\n    ${example}`);
      }
    }
    console.info(
      `answers by status: ${JSON.stringify(Object.fromEntries(statuses))}; operations answering a success: ${succeeded.size} of ${listed.length}; never: ${listed
        .filter((o) => !succeeded.has(o.operationId))
        .map((o) => `${o.method} ${o.path}`)
        .join(', ')}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
