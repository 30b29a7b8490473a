import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '@shared/domain/tasks';

/** What a task says and where it is; its status moves only through TaskStatusChanged. */
const TaskDetails = {
  title: z.string().min(1),
  description: z.string().min(1),
  location_id: z.uuid(),
  office_id: z.uuid().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  assigned_to: z.string().nullable(),
  due_date: z.iso.date().nullable(),
};

export const TaskEventSchemas = {
  /** A new task is pending. */
  TaskCreated: z.object({ id: z.uuid(), ...TaskDetails }).strict(),
  /** Only the details that change. */
  TaskEdited: z.object(TaskDetails).partial().strict(),
  /** Started, completed or cancelled: from one status to the next (TASK_TRANSITIONS). */
  TaskStatusChanged: z.object({ from_status: z.enum(TASK_STATUSES), status: z.enum(TASK_STATUSES) }).strict(),
};

type Ev<K extends keyof typeof TaskEventSchemas> = { type: K; data: z.infer<(typeof TaskEventSchemas)[K]> };

export type TaskCreated = Ev<'TaskCreated'>;
export type TaskEdited = Ev<'TaskEdited'>;
export type TaskStatusChanged = Ev<'TaskStatusChanged'>;
export type TaskEvent = TaskCreated | TaskEdited | TaskStatusChanged;
export type TaskDetailsData = Omit<TaskCreated['data'], 'id'>;
