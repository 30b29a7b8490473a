import { useMemo } from 'react';
import { may } from '@shared/policy';
import type { Task } from '@shared/schemas/tasks';
import type { TaskStatus } from '@shared/domain/tasks';
import { useUser } from '../../auth/session';
import { rowsOf } from '../../live/collection';
import { locationsAtom } from '../../shell/locationAtoms';
import { useAtomValue } from '../../state/jotai';
import { tasksAtom } from './atoms';
import { TaskDetailDialog } from './TaskDetailDialog';
import { AddTaskDialog, EditTaskDialog } from './TaskFormDialogs';
import { assigneeSuggestions } from './taskList';

export type TaskDialog = { kind: 'detail' | 'edit'; id: string } | { kind: 'add'; locationId: string; officeId?: string } | null;

/** The task dialogs of a screen (the task list, an office's profile): detail, edit, new. */
export function TaskDialogs({ dialog, setDialog, onStatus }: { dialog: TaskDialog; setDialog: (d: TaskDialog) => void; onStatus: (task: Task, status: TaskStatus) => void }) {
  const user = useUser();
  const collection = useAtomValue(tasksAtom);
  const locationsCollection = useAtomValue(locationsAtom);
  const locations = useMemo(() => rowsOf(locationsCollection).sort((a, b) => a.name.localeCompare(b.name)), [locationsCollection]);
  const assignees = useMemo(
    () => (dialog && dialog.kind !== 'detail' ? assigneeSuggestions(rowsOf(collection), [user.name, ...locations.map((l) => l.manager)]) : []),
    [dialog, collection, user.name, locations],
  );
  const close = () => setDialog(null);
  const task = dialog && dialog.kind !== 'add' ? (collection.byId[dialog.id] ?? null) : null;

  if (dialog?.kind === 'add' && may(user, 'task.create')) {
    return <AddTaskDialog locations={locations} assignees={assignees} defaultLocationId={dialog.locationId} defaultOfficeId={dialog.officeId} onClose={close} />;
  }
  if (!task) return null;
  const canEdit = may(user, 'task.update', [task.location_id]);
  if (dialog?.kind === 'edit' && canEdit) return <EditTaskDialog key={task.id} task={task} locations={locations} assignees={assignees} onClose={close} />;
  return (
    <TaskDetailDialog
      task={task}
      canChangeStatus={may(user, 'task.changeStatus', [task.location_id])}
      canEdit={canEdit}
      onStatus={onStatus}
      onEdit={() => setDialog({ kind: 'edit', id: task.id })}
      onClose={close}
    />
  );
}
