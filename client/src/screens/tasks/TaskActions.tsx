import { useState } from 'react';
import { CheckCircle2, Pencil, Play, XCircle } from 'lucide-react';
import type { TaskStatus } from '@shared/domain/tasks';
import type { Task } from '@shared/schemas/tasks';
import { ActionDialog } from '../../components/ActionDialog';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

export interface TaskActionHandlers {
  onStatus: (task: Task, status: TaskStatus) => void;
  onEdit: (task: Task) => void;
}

/** Cancelling cannot be taken back, so it asks first. */
function CancelTask({ task, onConfirm, onClose }: { task: Task; onConfirm: () => void; onClose: () => void }) {
  return (
    <ActionDialog
      title="Cancel this task?"
      description={task.title}
      onClose={onClose}
      closeLabel="Keep task"
      primary={{ label: 'Cancel task', busyLabel: 'Cancelling...', busy: false, onClick: onConfirm }}
    >
      <p className="text-sm text-slate-700">A cancelled task stays on the list but cannot be started or completed again.</p>
    </ActionDialog>
  );
}

/**
 * The moves a task's status allows (Start Task from pending, Mark Complete from in progress,
 * Cancel from either) and Edit, for users who may change tasks; nothing for anyone else.
 */
export function TaskActions({
  task,
  canChangeStatus,
  canEdit,
  onStatus,
  onEdit,
  className,
}: TaskActionHandlers & { task: Task; canChangeStatus: boolean; canEdit: boolean; className?: string }) {
  const [confirming, setConfirming] = useState(false);
  const open = task.status === 'pending' || task.status === 'in_progress';
  if (!(canChangeStatus && open) && !canEdit) return null;
  const label = (action: string) => `${action}: ${task.title}`;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} data-testid="task-actions">
      {canChangeStatus && task.status === 'pending' && (
        <Button size="sm" onClick={() => onStatus(task, 'in_progress')} aria-label={label('Start Task')}>
          <Play className="h-3.5 w-3.5" aria-hidden /> Start Task
        </Button>
      )}
      {canChangeStatus && task.status === 'in_progress' && (
        <Button size="sm" onClick={() => onStatus(task, 'completed')} aria-label={label('Mark Complete')} className="bg-emerald-700 hover:bg-emerald-800">
          <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Mark Complete
        </Button>
      )}
      {canEdit && (
        <Button size="sm" variant="secondary" onClick={() => onEdit(task)} aria-label={label('Edit')}>
          <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
        </Button>
      )}
      {canChangeStatus && open && (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={label('Cancel')} className="text-slate-500 hover:text-red-700">
          <XCircle className="h-3.5 w-3.5" aria-hidden /> Cancel
        </Button>
      )}
      {confirming && (
        <CancelTask
          task={task}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onStatus(task, 'cancelled');
          }}
        />
      )}
    </div>
  );
}
