import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './schemaArbitrary';

/** One operation of an OpenAPI 3.1 document, as the contract test reads it. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security: unknown[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
}

/** A JSON pointer segment: `/` and `~` escaped. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Holds answers to the document: the status must be one the operation lists, the content type
 * one it names for that status, and a JSON body must match the status's schema (ajv, JSON Schema
 * 2020-12, as OpenAPI 3.1 is). Returns what is wrong, nothing when the answer is as documented.
 */
export function contractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validator = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate;
  };

  return (operation: Operation, answer: Answer): string[] => {
    const documented = operation.responses[String(answer.status)] ?? operation.responses.default;
    if (!documented) return [`status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const content = documented.content ?? {};
    const types = Object.keys(content);
    if (types.length === 0) {
      return answer.text === '' ? [] : [`status ${answer.status} is documented without a body, but one came: ${answer.text.slice(0, 200)}`];
    }
    const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
    const type = types.find((t) => t === mediaType || t === '*/*' || (t.endsWith('/*') && mediaType.startsWith(t.slice(0, -1))));
    if (!type) return [`status ${answer.status} came as ${mediaType || 'no content type'}, documented as ${types.join(', ')}`];
    if (!content[type]!.schema || !type.includes('json')) return [];
    // A stream of JSON lines: each line is one value of the schema.
    let values: unknown[];
    try {
      values = type === 'application/x-ndjson' ? answer.text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown) : [JSON.parse(answer.text)];
    } catch {
      return [`status ${answer.status}: the body is not JSON: ${answer.text.slice(0, 200)}`];
    }
    const key = String(answer.status) in operation.responses ? String(answer.status) : 'default';
    const validate = validator(`openapi.json#/paths/${pointer(operation.path)}/${operation.method.toLowerCase()}/responses/${key}/content/${pointer(type)}/schema`);
    for (const value of values) {
      if (!validate(value)) {
        return (validate.errors ?? []).slice(0, 5).map((e) => `status ${answer.status}: body${e.instancePath} ${e.message ?? 'is wrong'} ${JSON.stringify(e.params)}`);
      }
    }
    return [];
  };
}
