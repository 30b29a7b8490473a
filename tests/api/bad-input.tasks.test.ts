import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_PRIORITIES, TASK_STATUS_ALIASES, TASK_STATUSES } from '@shared/domain/tasks';
import { badText, badVersion, bodyField as field, bodyRouteTests, expectClientError, expectFieldError, invalidIdSegment, notAnId, notAString, badInputFile, unknownQuery, unstorableText, type BodyRoute } from '../support/badInput';

/**
 * Malformed input on the task routes: whatever the client sends, the answer is a 4xx with a
 * message (never a 500, never a 2xx for input that is really invalid), validation failures name
 * the offending field, and nothing is appended to the event log.
 */

let taskId = '';

const app = badInputFile(async () => {
  const task = await app.api('POST', '/api/tasks', { token: app.token, body: { title: 'Bad input', description: 'A task to aim at', location_id: app.locationId } });
  expect(task.status).toBe(201);
  taskId = task.body.id;
});

const ACCEPTED_STATUSES: string[] = [...TASK_STATUSES, ...Object.keys(TASK_STATUS_ALIASES)];
const badString = fc.oneof(notAString, unstorableText);
const blank = fc.stringMatching(/^[ \t]*$/);
/** What a due date must refuse: not text, not a calendar date, or a date out of range. An empty string or null is "none". */
const badDueDate: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(s.trim())),
  fc.constantFrom('2025-02-30', '2026-13-01', '1999-12-31', '2101-01-01', '0026-03-01'),
);
const badPriority: fc.Arbitrary<unknown> = fc.oneof(fc.string().filter((s) => !(TASK_PRIORITIES as readonly string[]).includes(s)), fc.integer());
const badAssignee: fc.Arbitrary<unknown> = fc.oneof(unstorableText, fc.integer(), fc.boolean());
/** An office id must be an id, '' or null. */
const badOffice = notAnId.filter((v) => v !== '');

const DETAILS = ['title', 'description', 'location_id', 'office_id', 'priority', 'assigned_to', 'due_date'];

const routes = (): BodyRoute[] => [
  {
    name: 'POST /api/tasks',
    method: 'POST',
    path: () => '/api/tasks',
    valid: () => ({ title: 'Never created', description: 'Never', location_id: app.locationId }),
    known: new Set(DETAILS),
    bad: fc.oneof(
      field('title', fc.oneof(badString, blank, badText)),
      field('description', fc.oneof(badString, blank)),
      field('location_id', notAnId),
      field('office_id', badOffice),
      field('priority', badPriority),
      field('assigned_to', badAssignee),
      field('due_date', badDueDate),
    ),
  },
  {
    name: 'PUT /api/tasks/:id',
    method: 'PUT',
    path: () => `/api/tasks/${taskId}`,
    valid: () => ({}),
    known: new Set([...DETAILS, 'version', 'id', 'location_name', 'office_number', 'status', 'created_at', 'updated_at']),
    bad: fc.oneof(
      field('title', fc.oneof(badString, blank)),
      field('description', badString),
      field('location_id', notAnId),
      field('office_id', badOffice),
      field('priority', badPriority),
      field('assigned_to', badAssignee),
      field('due_date', badDueDate),
      field('version', badVersion),
    ),
  },
  {
    name: 'PATCH /api/tasks/:id/status',
    method: 'PATCH',
    path: () => `/api/tasks/${taskId}/status`,
    valid: () => ({ status: 'pending' }),
    known: new Set(['status', 'version']),
    bad: fc.oneof(field('status', fc.oneof(fc.string().filter((s) => !ACCEPTED_STATUSES.includes(s)), notAString)), field('version', badVersion)),
  },
];

describe('bad input on the task routes', () => {
  bodyRouteTests(routes, () => app);

  it('every task route refuses ids that are not UUIDs', async () => {
    const calls: [string, (bad: string) => string, unknown?][] = [
      ['GET', (s) => `/api/tasks/${s}`],
      ['PUT', (s) => `/api/tasks/${s}`, {}],
      ['PATCH', (s) => `/api/tasks/${s}/status`, { status: 'pending' }],
    ];
    await app.checkProperty(fc.tuple(invalidIdSegment, fc.constantFrom(...calls)), async ([segment, [method, path, body]]) => {
      const answer = expectClientError(await app.api(method, path(segment), { token: app.token, body }), 400);
      expect(answer.fields?.length).toBeGreaterThan(0);
      expect(answer.message.startsWith('Invalid id')).toBe(true);
    }, 40);
  });

  it('every task route refuses unknown query parameters, and the list refuses bad filter values', async () => {
    const calls: [string, () => string, unknown?][] = [
      ['GET', () => `/api/tasks/${taskId}`],
      ['POST', () => '/api/tasks', { title: 'Q', description: 'Q', location_id: app.locationId }],
      ['PUT', () => `/api/tasks/${taskId}`, { priority: 'low' }],
      ['PATCH', () => `/api/tasks/${taskId}/status`, { status: 'pending' }],
      ['GET', () => '/api/tasks'],
    ];
    const query = unknownQuery.filter(({ keys }) => !keys.some((k) => ['location', 'status', 'priority', 'office_id', 'version'].includes(k)));
    await app.checkProperty(fc.tuple(fc.constantFrom(...calls), query), async ([[method, path, body], { keys, query: q }]) => {
      const res = await app.api(method, `${path()}?${q}`, { token: app.token, body });
      for (const key of keys) expectFieldError(res, key, 'Unknown field');
    }, 40);
    for (const [q, name] of [['status=done', 'status'], ['priority=urgent', 'priority'], ['office_id=nope', 'office_id'], ['location=x%00y', 'location'], ['status=a&status=b', 'status']]) {
      expectFieldError(await app.api('GET', `/api/tasks?${q}`, { token: app.token }), name!);
    }
  });
});
