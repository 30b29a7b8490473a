import { z } from 'zod';
import {
  DUE_DATE_MAX,
  DUE_DATE_MIN,
  TASK_PRIORITIES,
  TASK_STATUS_ALIASES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
} from '../domain/tasks';
import { ExpectedVersion, Id, LocationFilterQuery, formMessage } from './common';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/** The spec's message for a new task missing its title, description or location. */
export const REQUIRED_TASK = formMessage('Title, description, and location are required');

const required = (label: string, max: number) =>
  str(label, REQUIRED_TASK)
    .trim()
    .min(1, { message: REQUIRED_TASK })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** A task always has a location: none given (empty, null) is the form's one message. */
const locationId = z.uuid({ message: REQUIRED_TASK }).transform((id) => id.toLowerCase());

const priority = z.enum(TASK_PRIORITIES, { message: `Priority must be one of ${TASK_PRIORITIES.join(', ')}` });

/** No office: null, absent or an empty string. */
const officeId = z.union([Id, z.literal('').transform(() => null), z.null()], { message: 'Office must be a valid id' });

const assignedTo = str('Assigned to')
  .trim()
  .max(120, { message: 'Assigned to must be at most 120 characters' })
  .nullish()
  .transform((v) => v || null);

const DUE_DATE_FORMAT = 'Due date must be a real calendar date (YYYY-MM-DD)';
const calendarDate = z.iso.date({ message: DUE_DATE_FORMAT });
const DUE_DATE_RANGE = `Due date must be between ${DUE_DATE_MIN} and ${DUE_DATE_MAX}`;

/** A calendar date within DUE_DATE_MIN..DUE_DATE_MAX; empty, null or absent for none. */
const dueDate = str('Due date', DUE_DATE_FORMAT)
  .nullish()
  .transform((value, ctx): string | null => {
    if (!value?.trim()) return null;
    const date = value.trim();
    const problem = !calendarDate.safeParse(date).success ? DUE_DATE_FORMAT : date < DUE_DATE_MIN || date > DUE_DATE_MAX ? DUE_DATE_RANGE : null;
    if (!problem) return date;
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

/** A status as the API takes it: the stored values, or the older screens' spellings. */
const ACCEPTED_STATUSES = [...TASK_STATUSES, ...(Object.keys(TASK_STATUS_ALIASES) as (keyof typeof TASK_STATUS_ALIASES)[])] as const;
export const TaskStatusValue = z
  .enum(ACCEPTED_STATUSES, { message: `Status must be one of ${TASK_STATUSES.join(', ')}` })
  .transform((value): TaskStatus => (TASK_STATUSES as readonly string[]).includes(value) ? (value as TaskStatus) : TASK_STATUS_ALIASES[value as keyof typeof TASK_STATUS_ALIASES]);

export const CreateTaskInput = z
  .object({
    title: required('Title', 200),
    description: required('Description', 4000),
    location_id: locationId,
    office_id: officeId.optional().transform((v) => v ?? null),
    priority: priority.default('medium'),
    assigned_to: assignedTo,
    due_date: dueDate,
  })
  .strict();
export type CreateTaskInput = z.infer<typeof CreateTaskInput>;

/** Fields of a task response a client may send back unchanged; they are ignored. */
const READ_ONLY_TASK_FIELDS = {
  ...ignored('id', 'location_name', 'office_number'),
  /** The status moves through PATCH .../status, with its rules. */
  ...ignored('status', 'created_at', 'updated_at'),
};

/** Names of those fields: a PUT takes them and changes nothing with them. */
export const READ_ONLY_TASK_KEYS: readonly string[] = Object.keys(READ_ONLY_TASK_FIELDS);

/** PUT /api/tasks/{id}: the task object (edit); absent fields stay as they are. */
export const UpdateTaskInput = z
  .object({
    title: required('Title', 200).optional(),
    description: required('Description', 4000).optional(),
    location_id: locationId.optional(),
    office_id: officeId.optional(),
    priority: priority.optional(),
    assigned_to: assignedTo.optional(),
    due_date: dueDate.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_TASK_FIELDS,
  })
  .strict();
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>;

/** PATCH /api/tasks/{id}/status. */
export const ChangeTaskStatusInput = z.object({ status: TaskStatusValue, version: ExpectedVersion }).strict();
export type ChangeTaskStatusInput = z.infer<typeof ChangeTaskStatusInput>;

/** GET /api/tasks: by location (name or id), status, priority, and office. */
export const TaskListQuery = LocationFilterQuery.extend({
  status: TaskStatusValue.optional(),
  priority: priority.optional(),
  office_id: Id.optional(),
}).strict();
export type TaskListQuery = z.infer<typeof TaskListQuery>;

/** A task as the API returns it and the gateway pushes it. */
export interface Task extends Stamped {
  id: string;
  title: string;
  description: string;
  location_id: string;
  location_name: string;
  office_id: string | null;
  /** The office's number, or null without an office. */
  office_number: string | null;
  priority: TaskPriority;
  /** Free text: who does it (null: unassigned). */
  assigned_to: string | null;
  /** YYYY-MM-DD, or null. */
  due_date: string | null;
  status: TaskStatus;
}

/** A task as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Task = z.object({
  id: z.uuid(),
  title: answerText(),
  description: answerText(),
  location_id: z.uuid(),
  location_name: answerText(),
  office_id: z.uuid().nullable(),
  office_number: answerText().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  assigned_to: answerText().nullable(),
  due_date: answerText().nullable(),
  status: z.enum(TASK_STATUSES),
  ...stamps,
}) satisfies z.ZodType<Task>;
