/**
 * The New Task and Edit Task forms: text in, the API's request body out, ending in the shared
 * request schema the server validates with. Field names are the API's, so a field the server
 * refuses (an office at another location, a date out of range) is marked at its input.
 */
import { z } from 'zod';
import { DEFAULT_TASK_PRIORITY, TASK_PRIORITIES } from '@shared/domain/tasks';
import { CreateTaskInput, UpdateTaskInput, type Task } from '@shared/schemas/tasks';
import { asRequest, optionalText, requiredChoice, requiredText } from '../../forms/fields';

const fields = {
  title: requiredText('Title', 200),
  description: requiredText('Description', 4000),
  location_id: requiredChoice('Location'),
  office_id: z.string().transform((id) => id || null),
  priority: z.enum(TASK_PRIORITIES),
  assigned_to: optionalText('Assigned to', 120),
  // A date input holds '' until a whole date is chosen; the shared schema checks the date itself.
  due_date: z.string().transform((date) => date || null),
};

export const AddTaskForm = z.object(fields).transform(asRequest(CreateTaskInput));
export const EditTaskForm = z.object(fields).transform(asRequest(UpdateTaskInput));
export type TaskFormValues = z.input<typeof AddTaskForm>;

/** The fields the spec's 'Title, description, and location are required' covers, by label. */
export const TASK_REQUIRED = { title: 'Title', description: 'Description', location_id: 'Location' };

export function emptyTaskValues(locationId: string, officeId = ''): TaskFormValues {
  return { title: '', description: '', location_id: locationId, office_id: officeId, priority: DEFAULT_TASK_PRIORITY, assigned_to: '', due_date: '' };
}

export function taskValuesOf(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    location_id: task.location_id,
    office_id: task.office_id ?? '',
    priority: task.priority,
    assigned_to: task.assigned_to ?? '',
    due_date: task.due_date ?? '',
  };
}

/** Labels for the edit dialog's "changed since you opened it" notice. */
export const TASK_FIELD_LABELS: Partial<Record<keyof Task, string>> = {
  title: 'title',
  description: 'description',
  location_id: 'location',
  office_id: 'office',
  priority: 'priority',
  assigned_to: 'assignee',
  due_date: 'due date',
  status: 'status',
};
