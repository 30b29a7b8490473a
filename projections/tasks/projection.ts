import { readFileSync } from 'node:fs';
import type { TaskEvent } from '../../events/task/events';
import { defineReadModel } from '../engine/defineReadModel';
import { taskReads } from './queries';

export const tasksProjection = defineReadModel<TaskEvent>({
  name: 'tasks',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'tasks',
  // A task shows its location's name and its office's number.
  joins: [
    { column: 'location_id', model: 'locations', shows: ['name'] },
    { column: 'office_id', model: 'offices', shows: ['office_number'] },
  ],
  evolve: {
    TaskCreated: {
      create: ({ data: d }) => ({
        id: d.id, title: d.title, description: d.description, location_id: d.location_id, office_id: d.office_id,
        priority: d.priority, assigned_to: d.assigned_to, due_date: d.due_date, status: 'pending',
      }),
    },
    TaskEdited: (row, { data }) => ({ ...row, ...data }),
    TaskStatusChanged: (row, { data }) => ({ ...row, status: data.status }),
  },
  live: { entity: 'tasks', load: taskReads.touched },
});
