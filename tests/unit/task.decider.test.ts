import { describe, expect, it } from 'vitest';
import { TASK_NOT_FOUND, TASK_OFFICE_ELSEWHERE, taskAggregate, taskDecider } from '../../events/task/decider';
import type { TaskDetailsData, TaskEvent } from '../../events/task/events';
import { TASK_STATUSES, TASK_TRANSITIONS, canChangeTaskStatus, dueOf, dueWords, taskTransitionRefusal, type TaskStatus } from '@shared/domain/tasks';
import { fold } from '../../events/decider';
import { specFor } from '../support/givenWhenThen';

const given = specFor(taskDecider);
const id = '33333333-1b2c-4d5e-8f90-123456789abc';
const here = '22222222-1b2c-4d5e-8f90-123456789abc';
const there = '44444444-1b2c-4d5e-8f90-123456789abc';
const office = { id: '55555555-1b2c-4d5e-8f90-123456789abc', location_id: here };
const farOffice = { id: '66666666-1b2c-4d5e-8f90-123456789abc', location_id: there };
const details: TaskDetailsData = {
  title: 'Fix HVAC in office 402',
  description: 'Runs warm in the afternoons',
  location_id: here,
  office_id: office.id,
  priority: 'medium',
  assigned_to: null,
  due_date: '2026-03-01',
};
const created: TaskEvent = { type: 'TaskCreated', data: { id, ...details } };
const to = (from: TaskStatus, status: TaskStatus): TaskEvent => ({ type: 'TaskStatusChanged', data: { from_status: from, status } });
const started = to('pending', 'in_progress');

/** The events that bring a new task to `status` by allowed steps. */
const historyTo: Record<TaskStatus, TaskEvent[]> = {
  pending: [created],
  in_progress: [created, started],
  completed: [created, started, to('in_progress', 'completed')],
  cancelled: [created, to('pending', 'cancelled')],
};

describe('task decider', () => {
  it('creates a pending task', () => {
    given([]).when({ type: 'CreateTask', id, details, office }).then([created]);
    expect(fold(taskDecider, [created])?.status).toBe('pending');
  });

  it('refuses an office at another location, and a second create', () => {
    given([]).when({ type: 'CreateTask', id, details: { ...details, office_id: farOffice.id }, office: farOffice }).thenRefuses(400, TASK_OFFICE_ELSEWHERE);
    given([created]).when({ type: 'CreateTask', id, details, office }).thenRefuses(409, 'Task already exists');
  });

  it('creates a task without an office', () => {
    given([]).when({ type: 'CreateTask', id, details: { ...details, office_id: null }, office: null }).then([
      { type: 'TaskCreated', data: { id, ...details, office_id: null } },
    ]);
  });

  it('refuses commands on an unknown task', () => {
    given([]).when({ type: 'EditTask', changes: { title: 'x' }, office: null }).thenRefuses(404, TASK_NOT_FOUND);
    given([]).when({ type: 'ChangeTaskStatus', status: 'in_progress' }).thenRefuses(404, TASK_NOT_FOUND);
  });

  it('records only the details that change', () => {
    given([created])
      .when({ type: 'EditTask', changes: { title: details.title, priority: 'high', due_date: null }, office })
      .then([{ type: 'TaskEdited', data: { priority: 'high', due_date: null } }]);
    given([created]).when({ type: 'EditTask', changes: { title: details.title }, office }).then([]);
  });

  it('checks the office against the location when either changes', () => {
    // Moving the task to another location keeping an office of the old one.
    given([created]).when({ type: 'EditTask', changes: { location_id: there }, office }).thenRefuses(400, TASK_OFFICE_ELSEWHERE);
    given([created])
      .when({ type: 'EditTask', changes: { location_id: there, office_id: farOffice.id }, office: farOffice })
      .then([{ type: 'TaskEdited', data: { location_id: there, office_id: farOffice.id } }]);
    given([created]).when({ type: 'EditTask', changes: { location_id: there, office_id: null }, office: null }).then([
      { type: 'TaskEdited', data: { location_id: there, office_id: null } },
    ]);
    // An office that moved away since does not block other edits.
    given([created]).when({ type: 'EditTask', changes: { priority: 'low' }, office: farOffice }).then([{ type: 'TaskEdited', data: { priority: 'low' } }]);
  });

  it('allows Start, Mark Complete and Cancel, and nothing else', () => {
    for (const from of TASK_STATUSES) {
      for (const status of TASK_STATUSES) {
        if (from === status) continue;
        const when = given(historyTo[from]).when({ type: 'ChangeTaskStatus', status });
        if (TASK_TRANSITIONS[from].includes(status)) when.then([to(from, status)]);
        else when.thenRefuses(409, taskTransitionRefusal(from, status));
      }
    }
    expect(TASK_STATUSES.flatMap((from) => TASK_STATUSES.filter((s) => canChangeTaskStatus(from, s)).map((s) => `${from}->${s}`))).toEqual([
      'pending->in_progress',
      'pending->cancelled',
      'in_progress->completed',
      'in_progress->cancelled',
    ]);
  });

  it('names both states in words when a change is refused', () => {
    given(historyTo.completed).when({ type: 'ChangeTaskStatus', status: 'in_progress' }).thenRefuses(409, 'A task that is Completed cannot become In Progress');
    given(historyTo.pending).when({ type: 'ChangeTaskStatus', status: 'completed' }).thenRefuses(409, 'A task that is Pending cannot become Completed');
  });

  it('takes a repeated status change as done', () => {
    given(historyTo.in_progress).when({ type: 'ChangeTaskStatus', status: 'in_progress' }).then([]);
    given(historyTo.completed).when({ type: 'ChangeTaskStatus', status: 'completed' }).then([]);
  });

  it('is seen by the locations it is at, before and after a move', () => {
    const before = fold(taskDecider, [created]);
    const after = fold(taskDecider, [created, { type: 'TaskEdited', data: { location_id: there, office_id: null } }]);
    expect(taskAggregate.scope(id, after, before).locations.sort()).toEqual([here, there].sort());
    expect(taskAggregate.scope(id, before, before).locations).toEqual([here]);
  });
});

describe('due dates', () => {
  const now = new Date(2026, 2, 10, 15, 30);
  const open = (due_date: string | null, status: TaskStatus = 'pending') => dueOf({ due_date, status }, now);

  it('reads a date against today on the calendar, whatever the hour', () => {
    expect(open('2026-03-09')).toEqual({ state: 'overdue', days: -1 });
    expect(open('2026-03-10')).toEqual({ state: 'today', days: 0 });
    expect(open('2026-03-11')).toEqual({ state: 'soon', days: 1 });
    expect(open('2026-03-17')).toEqual({ state: 'soon', days: 7 });
    expect(open('2026-03-18')).toEqual({ state: 'later', days: 8 });
    // Across the spring daylight-saving change (a 23-hour day in many zones).
    expect(open('2026-04-10')?.days).toBe(31);
  });

  it('never marks a finished task or one without a date', () => {
    expect(open('2026-03-01', 'completed')).toBeNull();
    expect(open('2026-03-01', 'cancelled')).toBeNull();
    expect(open(null)).toBeNull();
    expect(open('2026-03-01', 'in_progress')?.state).toBe('overdue');
  });

  it('says it in words', () => {
    expect(dueWords({ state: 'overdue', days: -1 })).toBe('Overdue by 1 day');
    expect(dueWords({ state: 'overdue', days: -9 })).toBe('Overdue by 9 days');
    expect(dueWords({ state: 'today', days: 0 })).toBe('Due today');
    expect(dueWords({ state: 'soon', days: 1 })).toBe('Due tomorrow');
    expect(dueWords({ state: 'later', days: 12 })).toBe('Due in 12 days');
  });
});
