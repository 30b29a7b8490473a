/**
 * The task list's figures, filters and order. Pure, for the page and its tests; the clock is a
 * parameter.
 */
import { dueOf, isOpenTask, TASK_PRIORITIES, type TaskPriority, type TaskStatus } from '@shared/domain/tasks';
import type { Task } from '@shared/schemas/tasks';

export interface TaskFilters {
  status: TaskStatus | 'all';
  priority: TaskPriority | 'all';
  search: string;
}

/** Search over title, description, assignee, location and office number. */
export function filterTasks(tasks: readonly Task[], { status, priority, search }: TaskFilters): Task[] {
  const q = search.trim().toLowerCase();
  return tasks.filter(
    (t) =>
      (status === 'all' || t.status === status) &&
      (priority === 'all' || t.priority === priority) &&
      (!q || [t.title, t.description, t.assigned_to, t.location_name, t.office_number ? `office ${t.office_number}` : null].some((text) => text?.toLowerCase().includes(q))),
  );
}

export interface TaskCounts {
  pending: number;
  in_progress: number;
  completed: number;
  cancelled: number;
  total: number;
  /** Open tasks past their due date. */
  overdue: number;
}

export function countTasks(tasks: readonly Task[], now: Date): TaskCounts {
  const counts: TaskCounts = { pending: 0, in_progress: 0, completed: 0, cancelled: 0, total: tasks.length, overdue: 0 };
  for (const task of tasks) {
    counts[task.status] += 1;
    if (dueOf(task, now)?.state === 'overdue') counts.overdue += 1;
  }
  return counts;
}

const STATUS_ORDER: Record<TaskStatus, number> = { in_progress: 0, pending: 1, completed: 2, cancelled: 3 };

/**
 * What to do first: open tasks (in progress, then pending) by due date, soonest first and those
 * without one last, then by priority; then finished tasks, most recently changed first.
 */
export function sortTasks(tasks: readonly Task[]): Task[] {
  return [...tasks].sort((a, b) => {
    if (a.status !== b.status && isOpenTask(a.status) !== isOpenTask(b.status)) return isOpenTask(a.status) ? -1 : 1;
    if (isOpenTask(a.status)) {
      const due = (a.due_date ?? '9999') < (b.due_date ?? '9999') ? -1 : (a.due_date ?? '9999') > (b.due_date ?? '9999') ? 1 : 0;
      return (
        due ||
        TASK_PRIORITIES.indexOf(a.priority) - TASK_PRIORITIES.indexOf(b.priority) ||
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        b.created_at.localeCompare(a.created_at) ||
        a.id.localeCompare(b.id)
      );
    }
    return b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id);
  });
}

/** Names to suggest for Assigned to: those on the tasks at hand and the ones given, each once, by name. */
export function assigneeSuggestions(tasks: readonly Task[], more: readonly (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const name of [...tasks.map((t) => t.assigned_to), ...more]) if (name?.trim()) names.add(name.trim());
  return [...names].sort((a, b) => a.localeCompare(b));
}
