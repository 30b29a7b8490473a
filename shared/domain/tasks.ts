/**
 * Task rules both ends use: statuses and the moves between them, priorities, and how a due date
 * reads against today (spec part 1 "Task management", RESOLUTIONS.md "Task status"). Pure; the
 * clock is a parameter.
 */
import { DAY_MS, parseDate } from './dates';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The other spellings the older screens used, which the API still accepts. */
export const TASK_STATUS_ALIASES = {
  Pending: 'pending',
  'In Progress': 'in_progress',
  Completed: 'completed',
  complete: 'completed',
} as const satisfies Record<string, TaskStatus>;

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** Where a task may go from each status: Start, Mark Complete, Cancel. Completed and cancelled are final. */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canChangeTaskStatus(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** Why a task cannot go from one status to another, naming both in words. */
export function taskTransitionRefusal(from: TaskStatus, to: TaskStatus): string {
  return `A task that is ${TASK_STATUS_LABELS[from]} cannot become ${TASK_STATUS_LABELS[to]}`;
}

/** Pending and in-progress tasks are still to be done. */
export const isOpenTask = (status: TaskStatus) => status === 'pending' || status === 'in_progress';

/** The earliest and latest due dates accepted: outside them a date is a typo (0025 for 2025). */
export const DUE_DATE_MIN = '2000-01-01';
export const DUE_DATE_MAX = '2100-12-31';

/** Within this many days a due date counts as soon. */
export const DUE_SOON_DAYS = 7;

export type DueState = 'overdue' | 'today' | 'soon' | 'later';

export interface Due {
  state: DueState;
  /** Days from today to the due date: negative when overdue, 0 on the day. */
  days: number;
}

/**
 * How an open task's due date stands today (null when it has none, or the task is done: a
 * completed task is never overdue). Days count calendar days on the user's wall clock.
 */
export function dueOf(task: { due_date: string | null; status: TaskStatus }, now: Date): Due | null {
  const date = parseDate(task.due_date);
  if (!date || !isOpenTask(task.status)) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  // Midnight to midnight: rounding absorbs a daylight-saving day of 23 or 25 hours.
  const days = Math.round((date.getTime() - today.getTime()) / DAY_MS) || 0;
  if (days < 0) return { state: 'overdue', days };
  if (days === 0) return { state: 'today', days };
  return { state: days <= DUE_SOON_DAYS ? 'soon' : 'later', days };
}

/** 'Overdue by 3 days', 'Due today', 'Due tomorrow', 'Due in 5 days'. */
export function dueWords(due: Due): string {
  if (due.state === 'overdue') return `Overdue by ${-due.days} ${-due.days === 1 ? 'day' : 'days'}`;
  if (due.days === 0) return 'Due today';
  if (due.days === 1) return 'Due tomorrow';
  return `Due in ${due.days} days`;
}
