import { readFileSync } from 'node:fs';
import type { LocationUpdated } from '../../events/location/events';
import type { OfficeDetailsEdited } from '../../events/office/events';
import type { TaskEvent } from '../../events/task/events';
import {
  defineProjection,
  entityId,
  foldLocationRename,
  foldOfficeRenumber,
  foldOwn,
  own,
  rowsAtRenamedLocation,
  rowsAtRenumberedOffice,
  touchOnLocationRename,
  touchOnOfficeRenumber,
} from '../projection';
import { taskReads } from './queries';

export const tasksProjection = defineProjection<TaskEvent | OfficeDetailsEdited | LocationUpdated>({
  name: 'tasks',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['tasks'],
  on: {
    TaskCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO tasks (id, title, description, location_id, office_id, priority, assigned_to, due_date, status,
            version, created_at, updated_at)
          VALUES (${d.id}, ${d.title}, ${d.description}, ${d.location_id}, ${d.office_id}, ${d.priority}, ${d.assigned_to},
            ${d.due_date}::date, 'pending', ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('tasks').insert({
          id: d.id, title: d.title, description: d.description, location_id: d.location_id, office_id: d.office_id,
          priority: d.priority, assigned_to: d.assigned_to, due_date: d.due_date, status: 'pending', version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    TaskEdited: {
      apply(db, event) {
        return db`
          UPDATE tasks SET ${db(event.data)}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'tasks', event, event.data),
      changed: own,
    },
    TaskStatusChanged: {
      apply(db, event) {
        return db`
          UPDATE tasks SET status = ${event.data.status}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'tasks', event, { status: event.data.status }),
      changed: own,
    },
    // A task shows its office's number (joined at read time): a renumbering moves its
    // updated_at so clients take the pushed row.
    OfficeDetailsEdited: {
      apply: (db, event) => touchOnOfficeRenumber(db, 'tasks', event),
      fold: (tables, event) => foldOfficeRenumber(tables, 'tasks', event),
      changed: rowsAtRenumberedOffice,
    },
    LocationUpdated: {
      apply: (db, event) => touchOnLocationRename(db, 'tasks', event),
      fold: (tables, event) => foldLocationRename(tables, 'tasks', event),
      changed: rowsAtRenamedLocation,
    },
  },
  live: { entity: 'tasks', load: taskReads.touched },
});
