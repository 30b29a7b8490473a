import type Router from '@koa/router';
import { z } from 'zod';
import { ErrorBodySchema } from '@shared/schemas/errorBody';
import type { RequestSchemas } from './middleware/validate';

/**
 * The OpenAPI 3.1 document of the API, generated from the routes as registered: each route's
 * method and path from the router, its parameters, request body, success status and answer from
 * what its `validate` middleware declares (the zod schemas it parses with, so the document cannot
 * drift from what the server accepts), and the refusals it can answer from what it is made of
 * (`refusals` below). tests/api/openapiContract.test.ts holds the API to it.
 */

type JsonSchema = Record<string, unknown>;

const TIGHTER: Record<string, (a: number, b: number) => number> = {
  minimum: Math.max,
  exclusiveMinimum: Math.max,
  minLength: Math.max,
  minItems: Math.max,
  maximum: Math.min,
  exclusiveMaximum: Math.min,
  maxLength: Math.min,
  maxItems: Math.min,
};

/**
 * A pipe's input side alone would drop the rules of its output side (`z.number().pipe(money)`,
 * `z.string().trim().pipe(z.email())`): what the second schema checks is merged in, the tighter
 * bound winning, unless the pipe ends in a transform (its output is no longer the input's shape).
 */
function mergePipe(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
  if (def.type !== 'pipe' || !def.out || def.out._zod.def.type === 'transform') return;
  const out = toJson(def.out);
  if (out.type !== ctx.jsonSchema.type) return;
  for (const [key, value] of Object.entries(out)) {
    const current = ctx.jsonSchema[key];
    if (typeof value === 'number' && typeof current === 'number' && TIGHTER[key]) ctx.jsonSchema[key] = TIGHTER[key](current, value);
    else if (current === undefined) ctx.jsonSchema[key] = value;
  }
}

function toJson(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: io === 'input' ? mergePipe : undefined }) as JsonSchema;
  return json;
}

/** Query or path parameters: one per property of the object schema. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toJson(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** What each refusal means, whichever route answers it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` and each bad field in `fields`',
  401: 'No valid token',
  403: 'Not allowed: the role or the row’s location (the policy’s reason)',
  404: 'Not found',
  409: 'A stale version or a conflict, naming who changed what',
  410: 'No longer valid (an expired or superseded link)',
  413: 'The request body is too large',
  415: 'The request body’s encoding is not supported',
  429: 'Too many attempts: wait `Retry-After` seconds',
  502: 'A service this call depends on failed or could not be reached',
  503: 'The database cannot be reached right now, or the server is busy: retry after `Retry-After` seconds',
};

/** Marks a middleware as the sign-in check, so the document knows which routes need a token. */
export const REQUIRES_AUTH = Symbol('requiresAuth');

/**
 * The refusals a route can answer, from what it is made of: every route parses its query (400)
 * and may find the database out (503); a body can be malformed JSON, too large or oddly encoded;
 * a token can be missing (401) or not allow the call (403); an id in the path may name nothing
 * (404); a change may meet a newer version (409). Routes add their own in `errors`.
 */
function refusals(method: string, schemas: RequestSchemas, secured: boolean): number[] {
  const statuses = new Set<number>([400, 503, ...(schemas.errors ?? [])]);
  const write = method !== 'get';
  if (write) [413, 415].forEach((s) => statuses.add(s));
  if (secured) [401, 403].forEach((s) => statuses.add(s));
  if (schemas.params) statuses.add(404);
  if (secured && write) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(schemas: RequestSchemas): [string, JsonSchema] {
  const status = schemas.status ?? 200;
  if (status === 204) return ['204', { description: 'Done (no content)' }];
  const description = schemas.description ?? 'Success';
  const json = schemas.response ? toJson(schemas.response, 'output') : {};
  const content = Object.fromEntries(
    (schemas.produces ?? ['application/json']).map((type) => [type, { schema: type.includes('json') ? json : { type: 'string', format: 'binary' } }]),
  );
  return [String(status), { description, content }];
}

function requestBody(schemas: RequestSchemas): JsonSchema | undefined {
  if (schemas.upload) {
    const fields = toJson(schemas.upload.fields) as { properties?: JsonSchema; required?: string[] };
    const schema = {
      type: 'object',
      properties: { ...fields.properties, [schemas.upload.file]: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } },
      required: [...(fields.required ?? []), schemas.upload.file],
    };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (schemas.body) return { required: true, content: { 'application/json': { schema: toJson(schemas.body) } } };
  return undefined;
}

export function openApiDocument(router: Router, info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const layer of router.stack) {
    const validator = layer.stack.find((fn) => 'schemas' in fn) as { schemas: RequestSchemas } | undefined;
    const methods = layer.methods.filter((m) => m !== 'HEAD').map((m) => m.toLowerCase());
    // Every route is declared with a string path; a pattern would have no document path.
    if (methods.length === 0 || !validator || typeof layer.path !== 'string') continue;
    const secured = layer.stack.some((fn) => REQUIRES_AUTH in fn);
    const path = layer.path.replace(/:(\w+)/g, '{$1}');
    const tag = path.split('/')[2] ?? 'api';
    for (const method of methods) {
      const { schemas } = validator;
      const [status, success] = successResponse(schemas);
      const operation: JsonSchema = {
        tags: [tag],
        operationId: `${method}${path.replace(/[{}]/g, '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
        parameters: [...parameters(schemas.params, 'path'), ...parameters(schemas.query, 'query')],
        responses: {
          [status]: success,
          ...Object.fromEntries(refusals(method, schemas, secured).map((s) => [String(s), errorResponse(ERROR_DESCRIPTIONS[s] ?? 'Refused')])),
          ...Object.fromEntries(
            Object.entries(schemas.answers ?? {}).map(([s, schema]) => [s, { description: ERROR_DESCRIPTIONS[Number(s)] ?? 'Refused', content: { 'application/json': { schema: toJson(schema!, 'output') } } }]),
          ),
        },
        ...(secured ? { security: [{ bearer: [] }] } : { security: [] }),
      };
      const body = requestBody(schemas);
      if (body) operation.requestBody = body;
      (paths[path] ??= {})[method] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every call of the operations platform. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`. Mutations accept an optional `version`; a stale one answers 409. Changes are also pushed over socket.io (see README).',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: toJson(ErrorBodySchema, 'output') } },
    paths,
  };
}
