import Router from '@koa/router';
import type { Middleware } from 'koa';
import { TASK_NOT_FOUND, taskAggregate, type OfficePlace } from '../../events/task/decider';
import type { TaskDetailsData } from '../../events/task/events';
import type { Db } from '../../events/store/types';
import { getOffice } from '../../projections/offices/queries';
import { getTask, listTasks } from '../../projections/tasks/queries';
import { tasksProjection } from '../../projections/tasks/projection';
import { readAhead } from '../../projections/engine/declaredInline';
import { ChangeTaskStatusInput, CreateTaskInput, READ_ONLY_TASK_KEYS, Task, TaskListQuery, UpdateTaskInput } from '@shared/schemas/tasks';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { actorOf, permit } from '../policies';
import { collectionRoutes } from './collectionRoutes';
import { commandContext } from './context';
import { editable } from './editable';
import { assertLocationExists, visible } from './guards';
import { filteredBy } from './locationFilter';

/** Where the named office is, read in the command's transaction (400 naming office_id when unknown). */
async function officePlace(db: Db, officeId: string | null): Promise<OfficePlace | null> {
  if (officeId === null) return null;
  const office = await getOffice(db, officeId);
  if (!office) throw new HttpError(400, 'Office not found', [{ field: 'office_id', message: 'Office not found' }]);
  return { id: office.id, location_id: office.location_id };
}

export function taskRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const tasks = collectionRoutes(router, auth, '/tasks', Task, getTask);

  tasks.list(TaskListQuery, filteredBy(sql, (actor, query) => listTasks(sql, actor, query)));

  tasks.get(async (actor, id) => visible(actor, 'tasks', await getTask(sql, id), TASK_NOT_FOUND));

  tasks.create(permit('task.create'), CreateTaskInput, async (ctx, details, id) => {
    await assertLocationExists(sql, details.location_id);
    const context = commandContext(ctx);
    const { view } = await handle.transaction(async (run, tx) =>
      run(taskAggregate, id, { type: 'CreateTask', id, details, office: await officePlace(tx, details.office_id) }, context, tasks.read(id)),
    );
    return view;
  });

  tasks.update(permit('task.update'), UpdateTaskInput, async (ctx, id, body) => {
    const current = visible(actorOf(ctx), 'tasks', await getTask(sql, id), TASK_NOT_FOUND);
    const changes = editable<TaskDetailsData>(body, READ_ONLY_TASK_KEYS);
    if (changes.location_id !== undefined) await assertLocationExists(sql, changes.location_id);
    const context = commandContext(ctx);
    const { view } = await handle.transaction(async (run, tx, lockAhead) => {
      // The task's lock and its row (the tasks read model evolves it) go out with the office's read.
      lockAhead(taskAggregate, id);
      readAhead(tx, tasksProjection.model!, [id]);
      const office = await officePlace(tx, changes.office_id !== undefined ? changes.office_id : current.office_id);
      return run(taskAggregate, id, { type: 'EditTask', changes, office }, context, { expectedVersion: body.version, ...tasks.read(id), last: true });
    });
    return view;
  });

  tasks.action('patch', 'status', permit('task.changeStatus'), ChangeTaskStatusInput, async (ctx, id, { status, version }) => {
    const { view } = await handle(taskAggregate, id, { type: 'ChangeTaskStatus', status }, commandContext(ctx), { expectedVersion: version, ...tasks.read(id) });
    return view;
  });

  return router;
}
