import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI 3.1 document: values the schema
 * accepts (`valid`), and values one step outside it (`invalid`): a wrong type, a missing required
 * property, an unknown one, a bound crossed, text PostgreSQL cannot store.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  contentMediaType?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
};

export interface SamplerOptions {
  /** Real ids to offer where a uuid is asked for, so some requests reach existing rows. */
  ids: readonly string[];
  /** Real ids of the rows a property names (`location_id`: locations), when known. */
  idsFor?: (property: string) => readonly string[];
}

/** Generated text stays short: the bounds are what matter, not megabytes of it. */
const LONGEST = 60;

const isoDate = fc
  .date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringArb(schema: JsonSchema, options: SamplerOptions, name?: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? LONGEST, LONGEST + min));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid': {
      const named = name ? (options.idsFor?.(name) ?? []) : [];
      const ids = named.length > 0 ? named : options.ids;
      return ids.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 3 }, { arbitrary: fc.uuid({ version: 4 }), weight: 1 }) : fc.uuid({ version: 4 });
    }
    case 'date':
      return isoDate;
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'email':
      // Plain addresses: RFC 5322 allows far more than any real form (or zod's rule) takes.
      return fc
        .tuple(fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?$/), fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example', 'test', 'example.org'))
        .map(([local, host, tld]) => `${local}@${host}.${tld}`)
        .filter(fits);
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] }).filter(fits);
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot read: plain text, which the server may refuse (a 400).
    }
  }
  // Mostly words a person would type, sometimes any printable text.
  const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-.'), minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
  return fc.oneof({ arbitrary: word, weight: 3 }, { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 1 }).filter(fits);
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1_000_000);
  const highest = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1_000_000);
  if (integer) {
    const min = Math.max(Math.ceil(lowest), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(highest), Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  }
  return fc.oneof(
    fc.double({ min: lowest, max: highest, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: Math.ceil(Math.max(lowest, -1e9)), max: Math.floor(Math.min(highest, 1e9)) }),
  );
}

function objectArb(schema: JsonSchema, options: SamplerOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = valid(properties[name]!, options, depth + 1, name);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((n) => names.includes(n)) });
}

/** Values the schema accepts (as far as JSON Schema can say: the server may still refuse a value for what it names, like a location that does not exist). */
export function valid(schema: JsonSchema, options: SamplerOptions, depth = 0, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, options, depth + 1, name)));
  if (schema.allOf?.length === 1) return valid(schema.allOf[0]!, options, depth, name);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, options, depth, name)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema, options, name);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(valid(schema.items ?? {}, options, depth + 1, name), { minLength, maxLength });
    }
    case 'object':
      return depth > 6 ? fc.constant({}) : objectArb(schema, options, depth);
  }
  // Any JSON at all.
  return fc.jsonValue({ maxDepth: 2 });
}

/** Values no field should ever fail on with a 500, whatever its type. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e308,
  '',
  ' ',
  'x',
  '0',
  'not-a-uuid',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(5_000),
  'javascript:alert(1)',
  '../../etc/passwd',
  "' OR 1=1 --",
  [],
  [1, 'two'],
  {},
  { nested: { deeper: true } },
];

export type Mutation = { kind: string; value: unknown };

/**
 * A body one step outside its schema: a property replaced by a hostile value, a required one
 * removed, an unknown one added, or a body of another type altogether.
 */
export function invalidBody(schema: JsonSchema, options: SamplerOptions): fc.Arbitrary<Mutation> {
  const names = Object.keys(schema.properties ?? {});
  const required = (schema.required ?? []).filter((n) => names.includes(n));
  const base = valid(schema, options) as fc.Arbitrary<Record<string, unknown>>;
  const whole = fc.constantFrom(...HOSTILE_VALUES.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)));
  const choices: fc.Arbitrary<Mutation>[] = [whole.map((value) => ({ kind: 'another type of body', value }))];
  if (names.length > 0) {
    choices.push(
      fc.tuple(base, fc.constantFrom(...names), fc.constantFrom(...HOSTILE_VALUES)).map(([body, name, value]) => ({
        kind: `${name} = hostile value`,
        value: { ...body, [name]: value },
      })),
    );
    choices.push(base.map((body) => ({ kind: 'unknown property', value: { ...body, no_such_field: 1 } })));
  }
  // Deeper down too: one string anywhere in the body (a rule's channel, a contact's name) made
  // text PostgreSQL cannot store.
  choices.push(
    fc.tuple(base, fc.nat(), fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff')).map(([body, pick, text]) => {
      const strings = stringPaths(body);
      if (strings.length === 0) return { kind: 'no text to spoil', value: body };
      const path = strings[pick % strings.length]!;
      return { kind: `${path.join('.')} = unstorable text`, value: replaceAt(body, path, text) };
    }),
  );
  if (required.length > 0) {
    choices.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([body, name]) => {
        const { [name]: _gone, ...rest } = body;
        return { kind: `${name} missing`, value: rest };
      }),
    );
  }
  return fc.oneof(...choices);
}

/** The paths of every string inside a JSON value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, replacement) };
}

/** A query or path value one step outside its schema (as text: that is all a URL carries). */
export const invalidText = fc.constantFrom(
  '',
  'not-a-uuid',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1.5',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(500),
  '%',
  '../..',
  'All Locations',
);
