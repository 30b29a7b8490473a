import type Router from '@koa/router';
import { z } from 'zod';
import type { RequestSchemas } from './middleware/validate';

/**
 * The OpenAPI 3.1 document of the API, generated from the routes as registered: each route's
 * method and path from the router, its parameters and request body from the zod schemas its
 * `validate` middleware parses with (so the document cannot drift from what the server accepts),
 * and whether it needs a token from its `authenticate` middleware.
 */

type JsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json;
};

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

const ERROR = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    fields: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
  required: ['message'],
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

interface Layer {
  path: string;
  methods: string[];
  stack: ((...args: unknown[]) => unknown)[];
}

/** Marks a middleware as the sign-in check, so the document knows which routes need a token. */
export const REQUIRES_AUTH = Symbol('requiresAuth');

export function openApiDocument(router: Router, info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    const validator = layer.stack.find((fn) => 'schemas' in fn) as { schemas: RequestSchemas } | undefined;
    const methods = layer.methods.filter((m) => m !== 'HEAD').map((m) => m.toLowerCase());
    if (methods.length === 0 || !validator) continue;
    const secured = layer.stack.some((fn) => REQUIRES_AUTH in fn);
    const path = layer.path.replace(/:(\w+)/g, '{$1}');
    const tag = path.split('/')[2] ?? 'api';
    for (const method of methods) {
      const { schemas } = validator;
      const operation: JsonSchema = {
        tags: [tag],
        operationId: `${method}${path.replace(/[{}]/g, '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
        parameters: [...parameters(schemas.params, 'path'), ...parameters(schemas.query, 'query')],
        responses: {
          [method === 'post' ? '201' : '200']: { description: 'Success (JSON)' },
          '400': errorResponse('Invalid input: `message` and each bad field in `fields`'),
          ...(secured ? { '401': errorResponse('No valid token'), '403': errorResponse('Not allowed (the policy’s reason)') } : {}),
          '404': errorResponse('Not found'),
          '409': errorResponse('A stale version or a conflict, naming who changed what'),
        },
        ...(secured ? { security: [{ bearer: [] }] } : { security: [] }),
      };
      if (schemas.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toJson(schemas.body) } } };
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
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: ERROR } },
    paths,
  };
}
