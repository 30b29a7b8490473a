import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { canChangeTaskStatus, taskTransitionRefusal, type TaskStatus } from '@shared/domain/tasks';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { DomainError, conflict } from '../store/errors';
import { TaskEventSchemas, type TaskCreated, type TaskDetailsData, type TaskEvent } from './events';

/**
 * Where the office a task names stands now (the route reads it; the decider stays pure): a task's
 * office must be at the task's location.
 */
export interface OfficePlace {
  id: string;
  location_id: string;
}

export type TaskCommand =
  | { type: 'CreateTask'; id: string; details: TaskDetailsData; office: OfficePlace | null }
  /** `office` is the office the task names once edited (null: none). */
  | { type: 'EditTask'; changes: Partial<TaskDetailsData>; office: OfficePlace | null }
  | { type: 'ChangeTaskStatus'; status: TaskStatus };

export type TaskState = (TaskCreated['data'] & { status: TaskStatus }) | null;

export const TASK_NOT_FOUND = 'Task not found';
export const TASK_OFFICE_ELSEWHERE = "The office must be at the task's location";

/** The task's office, if any, is at its location (400 naming office_id otherwise). */
function assertOfficeHere(officeId: string | null, office: OfficePlace | null, locationId: string) {
  if (officeId === null) return;
  if (office?.id !== officeId || office.location_id !== locationId) throw new DomainError(400, TASK_OFFICE_ELSEWHERE, 'office_id');
}

export const taskDecider: Decider<TaskCommand, TaskState, TaskEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateTask':
        if (state) throw conflict('Task already exists');
        assertOfficeHere(command.details.office_id, command.office, command.details.location_id);
        return [{ type: 'TaskCreated', data: { id: command.id, ...command.details } }];

      case 'EditTask': {
        const task = existing(state, TASK_NOT_FOUND);
        const changes = changedFields<TaskDetailsData>(command.changes, task);
        if (Object.keys(changes).length === 0) return [];
        // Checked when the office or the location changes: an office moved since keeps its tasks editable.
        if (changes.office_id !== undefined || changes.location_id !== undefined) {
          assertOfficeHere(changes.office_id !== undefined ? changes.office_id : task.office_id, command.office, changes.location_id ?? task.location_id);
        }
        return [{ type: 'TaskEdited', data: changes }];
      }

      case 'ChangeTaskStatus': {
        const task = existing(state, TASK_NOT_FOUND);
        // Asking for the status it has already is done (a repeated click, a retried request).
        if (task.status === command.status) return [];
        if (!canChangeTaskStatus(task.status, command.status)) throw conflict(taskTransitionRefusal(task.status, command.status));
        return [{ type: 'TaskStatusChanged', data: { from_status: task.status, status: command.status } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'TaskCreated') return { ...event.data, status: 'pending' };
    if (!state) return state;
    switch (event.type) {
      case 'TaskEdited':
        return { ...state, ...event.data };
      case 'TaskStatusChanged':
        return { ...state, status: event.data.status };
    }
  },
};

export const taskAggregate: Aggregate<TaskCommand, TaskState, TaskEvent> = {
  streamType: 'task',
  streamId: (id) => `task-${id}`,
  decider: taskDecider,
  eventSchemas: TaskEventSchemas,
  scope: eventScope(VISIBILITY.tasks),
};
