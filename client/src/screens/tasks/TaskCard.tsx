import { memo } from 'react';
import { Clock, DoorOpen, MapPin, User } from 'lucide-react';
import { dueOf } from '@shared/domain/tasks';
import type { Task } from '@shared/schemas/tasks';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { TaskActions, type TaskActionHandlers } from './TaskActions';
import { DueDate, PriorityBadge, TaskStatusBadge, formatDay } from './taskUi';

export interface TaskCardProps extends TaskActionHandlers {
  task: Task;
  now: Date;
  touch: Touch | undefined;
  canChangeStatus: boolean;
  canEdit: boolean;
  onOpen: (task: Task) => void;
}

/**
 * One task (spec: title, priority and status badges, description, assignee or 'Unassigned',
 * location, due date or 'No due date', created date) with the actions its status allows. An
 * overdue task is edged in red.
 */
export const TaskCard = memo(function TaskCard({ task, now, touch, canChangeStatus, canEdit, onOpen, onStatus, onEdit }: TaskCardProps) {
  const overdue = dueOf(task, now)?.state === 'overdue';
  const finished = task.status === 'completed' || task.status === 'cancelled';
  return (
    <Card
      className={cn('relative flex w-full flex-col p-4', overdue && 'border-l-4 border-l-red-500', finished && 'bg-slate-50/70')}
      data-testid="task-card"
      data-task-id={task.id}
      data-task-title={task.title}
      data-status={task.status}
    >
      <LiveAccent touch={touch} className="rounded-xl" />
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base leading-snug font-semibold break-words text-slate-900">
          <button type="button" className="text-left hover:text-brand-700 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none" onClick={() => onOpen(task)}>
            <span className={cn(task.status === 'cancelled' && 'line-through decoration-slate-400')}>{task.title}</span>
          </button>
        </h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
          <PriorityBadge priority={task.priority} />
          <TaskStatusBadge status={task.status} />
        </div>
      </div>
      <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line text-slate-600">{task.description}</p>
      <dl className="mt-3 grid flex-1 content-start gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Assigned to</dt>
          <User className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          <dd className={task.assigned_to ? 'text-slate-700' : 'text-slate-500 italic'}>{task.assigned_to || 'Unassigned'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Location</dt>
          <MapPin className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          <dd className="text-slate-700">
            {task.location_name}
            {task.office_number && (
              <span className="text-slate-500">
                {' '}
                · <DoorOpen className="inline h-3.5 w-3.5 align-[-2px] text-slate-400" aria-hidden /> Office {task.office_number}
              </span>
            )}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Due date</dt>
          <dd>
            <DueDate task={task} now={now} />
          </dd>
        </div>
        <div className="flex items-center gap-2 text-xs text-slate-500">
          <dt className="sr-only">Created</dt>
          <Clock className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          <dd>Created {formatDay(task.created_at)}</dd>
        </div>
      </dl>
      <UpdatedBy touch={touch} className="mt-2" />
      <TaskActions task={task} canChangeStatus={canChangeStatus} canEdit={canEdit} onStatus={onStatus} onEdit={onEdit} className="mt-4 border-t border-slate-100 pt-3" />
    </Card>
  );
});
