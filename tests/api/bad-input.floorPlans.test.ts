import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Office } from '@shared/schemas/offices';
import { badVersion, bodyField as field, bodyRouteTests, expectClientError, expectFieldError, invalidIdSegment, notAString, badInputFile, unknownQuery, type BodyRoute } from '../support/badInput';

/**
 * Malformed input on the floor plan routes: a 4xx with a message naming the field (never a 500),
 * and nothing appended to the event log.
 */

let office: Office;
const app = badInputFile(async () => {
  const created = await app.api('POST', '/api/offices', { token: app.token, body: { office_number: 'BAD-FP-1', location_id: app.locationId, floor: 77 } });
  expect(created.status, created.text).toBe(201);
  office = created.body;
});

/** Anything but a number from 0 to 1. */
const badFraction: fc.Arbitrary<unknown> = fc.oneof(
  fc.double({ min: 1.000001, max: 1e9, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1e9, max: -0.000001, noNaN: true, noDefaultInfinity: true }),
  notAString.filter((v) => typeof v !== 'number'),
  fc.string(),
);
const badExtent = fc.oneof(badFraction, fc.constant(0));
const badPerRow: fc.Arbitrary<unknown> = fc.oneof(fc.integer({ min: 21 }), fc.integer({ max: 0 }), fc.double({ min: 1.1, max: 1.9, noNaN: true }), fc.string());

const routes = (): BodyRoute[] => [
  {
    name: 'PUT /api/floor-plans/:location_id/:floor/placements/:office_id',
    method: 'PUT',
    path: () => `/api/floor-plans/${office.location_id}/${office.floor}/placements/${office.id}`,
    valid: () => ({ x: 0.1, y: 0.1, width: 0.2, height: 0.2 }),
    known: new Set(['x', 'y', 'width', 'height', 'version']),
    bad: fc.oneof(
      field('x', badFraction),
      field('y', badFraction),
      field('width', badExtent),
      field('height', badExtent),
      field('version', badVersion),
      // Inside 0..1 each, but past the plan's edge together.
      fc.double({ min: 0.81, max: 1, noNaN: true }).map((x) => ['width', { x }] as [string, Record<string, unknown>]),
      fc.double({ min: 0.81, max: 1, noNaN: true }).map((y) => ['height', { y }] as [string, Record<string, unknown>]),
    ),
  },
  {
    name: 'POST /api/floor-plans/:location_id/:floor/auto-layout',
    method: 'POST',
    path: () => `/api/floor-plans/${office.location_id}/${office.floor + 1}/auto-layout`,
    valid: () => ({}),
    known: new Set(['per_row']),
    bad: field('per_row', badPerRow),
  },
];

describe('bad input on the floor plan routes', () => {
  bodyRouteTests(routes, () => app);

  it('every floor plan route refuses ids and floors that are not ids and floor numbers', async () => {
    const calls: [string, (bad: string) => string, unknown?][] = [
      ['PUT', (s) => `/api/floor-plans/${s}/3/placements/${office.id}`, { x: 0, y: 0, width: 0.1, height: 0.1 }],
      ['PUT', (s) => `/api/floor-plans/${office.location_id}/3/placements/${s}`, { x: 0, y: 0, width: 0.1, height: 0.1 }],
      ['DELETE', (s) => `/api/floor-plans/${s}/3/placements/${office.id}`],
      ['DELETE', (s) => `/api/floor-plans/${s}/3/background`],
      ['GET', (s) => `/api/floor-plans/${s}/3/background`],
      ['POST', (s) => `/api/floor-plans/${s}/3/auto-layout`, {}],
    ];
    await app.checkProperty(fc.tuple(invalidIdSegment, fc.constantFrom(...calls)), async ([segment, [method, path, body]]) => {
      const answer = expectClientError(await app.api(method, path(segment), { token: app.token, body }), 400);
      expect(answer.fields?.length).toBeGreaterThan(0);
    }, 30);
    const floors = fc.oneof(fc.constantFrom('x', '1.5', '201', '-6', '1e3', '%20', '', '0x10', '3%20'), fc.stringMatching(/^[a-z]{1,8}$/));
    await app.checkProperty(floors, async (floor) => {
      // An empty path segment is another path (404); in the query it is a floor left blank.
      if (floor !== '') expectFieldError(await app.api('PUT', `/api/floor-plans/${office.location_id}/${floor}/placements/${office.id}`, { token: app.token, body: { x: 0, y: 0, width: 0.1, height: 0.1 } }), 'floor');
      expectFieldError(await app.api('GET', `/api/floor-plans?location=${office.location_id}&floor=${floor}`, { token: app.token }), 'floor');
    }, 20);
  });

  it('the plan and its lists refuse unknown query parameters and bad values', async () => {
    const query = unknownQuery.filter(({ keys }) => !keys.some((k) => ['location', 'floor', 'as_of', 'v', 'version'].includes(k)));
    const paths = [`/api/floor-plans?location=${office.location_id}&floor=3&`, `/api/floor-plans/floors?location=${office.location_id}&`, '/api/floor-plans/placements?', '/api/floor-plans/backgrounds?'];
    await app.checkProperty(fc.tuple(fc.constantFrom(...paths), query), async ([path, { keys, query: q }]) => {
      const res = await app.api('GET', `${path}${q}`, { token: app.token });
      for (const key of keys) expectFieldError(res, key, 'Unknown field');
    }, 30);
    for (const [q, name] of [
      ['floor=3', 'location'],
      [`location=${office.location_id}`, 'floor'],
      [`location=${office.location_id}&floor=3&as_of=yesterday`, 'as_of'],
      [`location=${office.location_id}&floor=3&as_of=2026-02-30`, 'as_of'],
      [`location=${office.location_id}&floor=3&as_of=2999-01-01`, 'as_of'],
      ['location=x%00y&floor=3', 'location'],
      [`location=${office.location_id}&floor=3&floor=4`, 'floor'],
    ]) {
      expectFieldError(await app.api('GET', `/api/floor-plans?${q}`, { token: app.token }), name!);
    }
    expectFieldError(await app.api('GET', '/api/floor-plans/placements?floor=high', { token: app.token }), 'floor');
  });

  it('a background upload that is not multipart is refused with 400, an unknown field by name', async () => {
    const path = `/api/floor-plans/${office.location_id}/${office.floor}/background`;
    const before = await app.logHead();
    expectClientError(await app.api('PUT', path, { token: app.token, body: { file: 'plan.png' } }), 400);
    expectClientError(await app.api('PUT', path, { token: app.token, raw: 'not json', headers: { 'content-type': 'text/plain' } }));
    const form = new FormData();
    form.append('caption', 'Third floor');
    const res = await fetch(`${app.server.url}/api${path.slice(4)}`, { method: 'PUT', headers: { authorization: `Bearer ${app.token}` }, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: { field: string }[] }).fields.map((f) => f.field)).toContain('caption');
    expect(await app.logHead()).toBe(before);
  });
});
