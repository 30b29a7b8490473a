import type { Actor } from '@shared/domain/access';
import type { Task, TaskListQuery } from '@shared/schemas/tasks';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { ACCESS_AND_FILTER, locationFilter } from '../offices/queries';
import { scopeParams } from '../scope';
import { iso, rowReads } from '../engine/projection';

interface TaskRow extends Omit<Task, 'location_name' | 'created_at' | 'updated_at'> {
  location_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const toTask = (r: TaskRow): Task => ({
  id: r.id,
  title: r.title,
  description: r.description,
  location_id: r.location_id,
  location_name: r.location_name ?? '',
  office_id: r.office_id,
  office_number: r.office_id ? r.office_number : null,
  priority: r.priority,
  assigned_to: r.assigned_to,
  due_date: r.due_date,
  status: r.status,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** Location name and office number are joined at read time: renames never leave stale copies. */
const SELECT = `
  SELECT t.id, t.title, t.description, t.location_id, l.name AS location_name, t.office_id, o.office_number,
         t.priority, t.assigned_to, t.due_date::text AS due_date, t.status, t.version, t.created_at, t.updated_at
  FROM tasks t
  LEFT JOIN locations l ON l.id = t.location_id
  LEFT JOIN offices o ON o.id = t.office_id`;

/** The tasks an actor may see, with the list's filters, newest first; one query. */
export async function listTasks(db: Db, actor: Actor, query: TaskListQuery): Promise<Task[]> {
  const rows = await db.unsafe<TaskRow[]>(
    `${SELECT}
     WHERE ${ACCESS_AND_FILTER('tasks', 't')}
       AND ($4::text IS NULL OR t.status = $4)
       AND ($5::text IS NULL OR t.priority = $5)
       AND ($6::uuid IS NULL OR t.office_id = $6)
     ORDER BY t.created_at DESC, t.id`,
    [
      ...scopeParams(actor),
      locationFilter(query.location),
      query.status ?? null,
      query.priority ?? null,
      query.office_id ?? null,
    ],
    PREPARED,
  );
  return rows.map(toTask);
}

/** One task by id, and the rows a batch of events changed (see Touched), for the live push. */
export const taskReads = rowReads(SELECT, 't', toTask);
export const getTask = taskReads.byId;
