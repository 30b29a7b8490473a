import { AlertTriangle, CalendarClock, CalendarDays } from 'lucide-react';
import { dueOf, dueWords, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type TaskPriority, type TaskStatus } from '@shared/domain/tasks';
import type { Task } from '@shared/schemas/tasks';
import { PRIORITY_TONE } from '../../components/statusTones';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { cn } from '../../lib/cn';
import { formatDate } from '../offices/officeUi';

export const TASK_STATUS_TONE: Record<TaskStatus, BadgeTone> = {
  pending: 'amber',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'grey',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge tone={TASK_STATUS_TONE[status]} data-task-status={status}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge tone={PRIORITY_TONE[priority]} data-priority={priority}>
      {TASK_PRIORITY_LABELS[priority]}
      <span className="sr-only"> priority</span>
    </Badge>
  );
}

/**
 * The due date, and for an open task how it stands: overdue in red with a warning sign, due
 * today in amber, due within the week in words. 'No due date' when it has none.
 */
export function DueDate({ task, now, className }: { task: Pick<Task, 'due_date' | 'status'>; now: Date; className?: string }) {
  if (!task.due_date) return <span className={cn('text-slate-500', className)}>No due date</span>;
  const due = dueOf(task, now);
  const overdue = due?.state === 'overdue';
  const Icon = overdue ? AlertTriangle : due?.state === 'today' ? CalendarClock : CalendarDays;
  return (
    <span
      className={cn('inline-flex flex-wrap items-center gap-x-1.5', overdue ? 'font-medium text-red-700' : due?.state === 'today' ? 'font-medium text-amber-800' : 'text-slate-700', className)}
      data-due={due?.state ?? 'none'}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>{formatDate(task.due_date)}</span>
      {due && due.state !== 'later' && <span className={overdue ? 'rounded bg-red-50 px-1 ring-1 ring-red-200 ring-inset' : ''}>· {dueWords(due)}</span>}
    </span>
  );
}

/** 'Jun 15, 2025' of an ISO timestamp, on the user's calendar. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A select's options for a list of values, each shown by its label. */
export function LabelledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
