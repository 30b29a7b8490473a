import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Task } from '@shared/schemas/tasks';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { UpdatedBy } from '../../components/LiveMark';
import { useNow } from '../../lib/useNow';
import { useAtomValue } from '../../state/jotai';
import { tasksAtom } from './atoms';
import { TaskActions, type TaskActionHandlers } from './TaskActions';
import { DueDate, PriorityBadge, TaskStatusBadge, formatDay } from './taskUi';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

/** One task in full, following the live row: a change by someone else shows at once, marked. */
export function TaskDetailDialog({ task, canChangeStatus, canEdit, onStatus, onEdit, onClose }: ActionDialogProps & TaskActionHandlers & { task: Task; canChangeStatus: boolean; canEdit: boolean }) {
  const touch = useAtomValue(tasksAtom).touched[task.id];
  const now = useNow();
  return (
    <ActionDialog
      title={task.title}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <TaskStatusBadge status={task.status} /> <PriorityBadge priority={task.priority} />
        </span>
      }
      onClose={onClose}
      closeLabel="Close"
      className="max-w-xl"
    >
      <div className="space-y-4" data-testid="task-detail" data-task-id={task.id}>
        <UpdatedBy touch={touch} />
        <p className="text-sm whitespace-pre-wrap text-slate-700">{task.description}</p>
        <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3">
          <Row label="Assigned to">{task.assigned_to || <span className="text-slate-500 italic">Unassigned</span>}</Row>
          <Row label="Location">{task.location_name}</Row>
          <Row label="Office">
            {task.office_id && task.office_number ? (
              <Link to={`/offices/${task.office_id}`} className="text-brand-700 hover:underline" onClick={onClose}>
                Office {task.office_number}
              </Link>
            ) : (
              <span className="text-slate-500">None</span>
            )}
          </Row>
          <Row label="Due date">
            <DueDate task={task} now={now} />
          </Row>
          <Row label="Created">{formatDay(task.created_at)}</Row>
          <Row label="Last updated">{new Date(task.updated_at).toLocaleString('en-US')}</Row>
        </dl>
        <TaskActions task={task} canChangeStatus={canChangeStatus} canEdit={canEdit} onStatus={onStatus} onEdit={onEdit} className="border-t border-slate-100 pt-3" />
      </div>
    </ActionDialog>
  );
}
