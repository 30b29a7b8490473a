import { memo } from 'react';
import { ChevronRight } from 'lucide-react';
import type { Task } from '@shared/schemas/tasks';
import { DueDate, PriorityBadge, TaskStatusBadge } from './taskUi';

/**
 * One task on an office's profile: title, assignee, due date, priority and status; a click opens
 * it. Memoised on the task and a stable callback: a pushed task re-renders its own row only.
 */
export const OfficeTaskRow = memo(function OfficeTaskRow({ task, now, onOpen }: { task: Task; now: Date; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(task.id)}
      className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
      data-task-id={task.id}
      data-task-title={task.title}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{task.title}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
          <span>{task.assigned_to || 'Unassigned'}</span>
          <DueDate task={task} now={now} />
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1.5">
        <PriorityBadge priority={task.priority} />
        <TaskStatusBadge status={task.status} />
      </span>
      <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
    </button>
  );
});
