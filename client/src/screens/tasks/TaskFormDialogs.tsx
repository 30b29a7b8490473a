import { toast } from 'sonner';
import type { Location } from '@shared/schemas/locations';
import { REQUIRED_TASK, type Task } from '@shared/schemas/tasks';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { formNotice } from '../../forms/formNotice';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { AddTaskForm, EditTaskForm, TASK_FIELD_LABELS, TASK_REQUIRED, emptyTaskValues, taskValuesOf } from './taskForms';
import { TaskFields } from './TaskFields';
import { logFailure } from '../../lib/logFailure';

const WIDE = 'max-w-2xl';

interface TaskFormProps extends ActionDialogProps {
  locations: Location[];
  /** Names to offer for Assigned to. */
  assignees: string[];
}

/** New Task: location (the selected one, if any) and, from an office's profile, its office filled in. */
export function AddTaskDialog({ locations, assignees, defaultLocationId, defaultOfficeId, onClose }: TaskFormProps & { defaultLocationId: string; defaultOfficeId?: string }) {
  const { form, onSubmit } = useSchemaForm(AddTaskForm, emptyTaskValues(defaultLocationId, defaultOfficeId));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'tasks', send: (meta) => endpoints.createTask(body, meta) });
      toast.success(`Task added: ${body.title}`);
      onClose();
    } catch (e) {
      logFailure('Failed to add task', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, TASK_REQUIRED, REQUIRED_TASK);
  return (
    <ActionDialog
      title="New Task"
      onClose={onClose}
      primary={{ form: 'add-task-form', label: 'Create Task', busyLabel: 'Creating...', busy: isSubmitting }}
      notice={formNotice({ failureTitle: 'Failed to add task', failure: errors.root?.server?.message, missing })}
      className={WIDE}
    >
      <form id="add-task-form" onSubmit={submit} noValidate>
        <TaskFields form={form} locations={locations} assignees={assignees} />
      </form>
    </ActionDialog>
  );
}

/**
 * Edit Task: saves with the version it opened with, so a change by someone else meanwhile is
 * refused (naming who) instead of overwritten; Reload takes theirs and keeps what was typed.
 */
export function EditTaskDialog({ task, locations, assignees, onClose }: TaskFormProps & { task: Task }) {
  const edited = useEditedRow('tasks', task, { noun: 'task', labels: TASK_FIELD_LABELS, fetchRow: endpoints.task });
  const { form, onSubmit } = useSchemaForm(EditTaskForm, taskValuesOf(task));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'tasks', id: task.id, version: edited.base.version, send: (meta) => endpoints.updateTask(task.id, body, meta) });
      toast.success(`Task saved: ${body.title ?? task.title}`);
      onClose();
    } catch (e) {
      logFailure('Failed to update task', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, taskValuesOf);
  const missing = requiredSummary(errors, TASK_REQUIRED, REQUIRED_TASK);
  return (
    <ActionDialog
      title="Edit Task"
      description={`${task.title} · ${task.location_name}`}
      onClose={onClose}
      primary={{ form: 'edit-task-form', label: 'Save Changes', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={formNotice({
        change: edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />,
        failureTitle: 'Failed to update task',
        failure: errors.root?.server?.message,
        missing,
      })}
      className={WIDE}
    >
      <form id="edit-task-form" onSubmit={submit} noValidate>
        <TaskFields form={form} locations={locations} assignees={assignees} />
      </form>
    </ActionDialog>
  );
}
