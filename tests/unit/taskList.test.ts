import { describe, expect, it } from 'vitest';
import type { Task } from '@shared/schemas/tasks';
import { AddTaskForm, EditTaskForm, emptyTaskValues, taskValuesOf } from '../../client/src/screens/tasks/taskForms';
import { assigneeSuggestions, countTasks, filterTasks, sortTasks } from '../../client/src/screens/tasks/taskList';

const LOCATION = '5f0c3a1e-8d4b-4c7a-9f21-3b6e2d1c0a99';
const OFFICE = '6a1d4b2f-9e5c-4d8b-8a32-4c7f3e2d1b00';
const now = new Date(2026, 2, 10, 9, 0);

let n = 0;
function task(extra: Partial<Task>): Task {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Task ${n}`,
    description: 'Something to do',
    location_id: LOCATION,
    location_name: 'Bushwick',
    office_id: null,
    office_number: null,
    priority: 'medium',
    assigned_to: null,
    due_date: null,
    status: 'pending',
    version: 1,
    created_at: `2026-03-0${(n % 9) + 1}T10:00:00.000Z`,
    updated_at: `2026-03-0${(n % 9) + 1}T10:00:00.000Z`,
    ...extra,
  };
}

describe('the task list', () => {
  const overdue = task({ title: 'Fix the boiler', due_date: '2026-03-08', priority: 'low', assigned_to: 'Facilities Team' });
  const today = task({ title: 'Restock kitchen', due_date: '2026-03-10', status: 'in_progress' });
  const urgentNoDate = task({ title: 'Rekey office 4', priority: 'high', office_id: OFFICE, office_number: '4' });
  const lowNoDate = task({ title: 'Plant care', priority: 'low' });
  const doneLate = task({ title: 'Old job', due_date: '2026-02-01', status: 'completed', updated_at: '2026-03-09T10:00:00.000Z' });
  const cancelled = task({ title: 'Dropped job', status: 'cancelled', updated_at: '2026-03-05T10:00:00.000Z' });
  const all = [lowNoDate, cancelled, doneLate, urgentNoDate, today, overdue];

  it('counts each status, the total and the open tasks past due (a finished one never is)', () => {
    expect(countTasks(all, now)).toEqual({ pending: 3, in_progress: 1, completed: 1, cancelled: 1, total: 6, overdue: 1 });
    expect(countTasks([], now)).toEqual({ pending: 0, in_progress: 0, completed: 0, cancelled: 0, total: 0, overdue: 0 });
  });

  it('puts open tasks first by due date (none last) and priority, then finished ones, latest first', () => {
    expect(sortTasks(all).map((t) => t.title)).toEqual(['Fix the boiler', 'Restock kitchen', 'Rekey office 4', 'Plant care', 'Old job', 'Dropped job']);
  });

  it('filters by status, priority and words in the title, description, assignee or office', () => {
    const ids = (tasks: Task[]) => tasks.map((t) => t.title).sort();
    expect(ids(filterTasks(all, { status: 'pending', priority: 'all', search: '' }))).toEqual(['Fix the boiler', 'Plant care', 'Rekey office 4']);
    expect(ids(filterTasks(all, { status: 'pending', priority: 'low', search: '' }))).toEqual(['Fix the boiler', 'Plant care']);
    expect(ids(filterTasks(all, { status: 'all', priority: 'all', search: 'FACILITIES' }))).toEqual(['Fix the boiler']);
    expect(ids(filterTasks(all, { status: 'all', priority: 'all', search: 'office 4' }))).toEqual(['Rekey office 4']);
    expect(filterTasks(all, { status: 'all', priority: 'all', search: '  ' })).toHaveLength(all.length);
  });

  it('suggests each assignee once, by name', () => {
    expect(assigneeSuggestions(all, ['Jordan Lee', ' Facilities Team ', null, ''])).toEqual(['Facilities Team', 'Jordan Lee']);
  });
});

describe('the task forms', () => {
  it('send what was typed as the API body: empty office, date and assignee as none', () => {
    expect(AddTaskForm.parse({ ...emptyTaskValues(LOCATION), title: ' Fix door ', description: 'It sticks' })).toEqual({
      title: 'Fix door',
      description: 'It sticks',
      location_id: LOCATION,
      office_id: null,
      priority: 'medium',
      assigned_to: null,
      due_date: null,
    });
    const edited = EditTaskForm.parse({ ...taskValuesOf(task({ office_id: OFFICE, due_date: '2026-04-01' })), priority: 'high' });
    expect(edited).toMatchObject({ office_id: OFFICE, due_date: '2026-04-01', priority: 'high' });
  });

  it('name each missing or bad field at its own path', () => {
    const result = AddTaskForm.safeParse({ ...emptyTaskValues(''), due_date: '1999-12-31' });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ title: 'Title is required', description: 'Description is required', location_id: 'Location is required' });
    const dated = AddTaskForm.safeParse({ ...emptyTaskValues(LOCATION), title: 'a', description: 'b', due_date: '1999-12-31' });
    expect(dated.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['due_date', 'Due date must be between 2000-01-01 and 2100-12-31']]);
  });
});
