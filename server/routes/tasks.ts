import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { TASK_NOT_FOUND, taskAggregate, type OfficePlace } from '../../events/task/decider';
import type { TaskDetailsData } from '../../events/task/events';
import type { Db, Tx } from '../../events/store/types';
import { getOffice } from '../../projections/offices/queries';
import { getTask, listTasks } from '../../projections/tasks/queries';
import { IdParam } from '@shared/schemas/common';
import { ChangeTaskStatusInput, CreateTaskInput, READ_ONLY_TASK_KEYS, Task, TaskListQuery, UpdateTaskInput } from '@shared/schemas/tasks';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';
import { editable } from './editable';
import { assertLocationExists, visible } from './guards';
import { assertMayFilterBy } from './locationFilter';

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
  const read = (id: string) => ({ read: (tx: Tx) => getTask(tx, id) });

  router.get(
    '/tasks',
    auth,
    validate({ response: z.array(Task), query: TaskListQuery }, async (ctx, { query }) => {
      await assertMayFilterBy(sql, actorOf(ctx), query.location);
      ctx.body = await listTasks(sql, actorOf(ctx), query);
    }),
  );

  router.get(
    '/tasks/:id',
    auth,
    validate({ response: Task, params: IdParam }, async (ctx, { params }) => {
      ctx.body = visible(actorOf(ctx), 'tasks', await getTask(sql, params.id), TASK_NOT_FOUND);
    }),
  );

  router.post(
    '/tasks',
    auth,
    permit('task.create'),
    validate({ response: Task, status: 201, body: CreateTaskInput }, async (ctx, { body: details }) => {
      await assertLocationExists(sql, details.location_id);
      const id = randomUUID();
      const context = commandContext(ctx);
      const { view } = await handle.transaction(async (run, tx) =>
        run(taskAggregate, id, { type: 'CreateTask', id, details, office: await officePlace(tx, details.office_id) }, context, read(id)),
      );
      ctx.status = 201;
      ctx.body = view;
    }),
  );

  router.put(
    '/tasks/:id',
    auth,
    permit('task.update'),
    validate({ response: Task, params: IdParam, body: UpdateTaskInput }, async (ctx, { params: { id }, body }) => {
      const current = visible(actorOf(ctx), 'tasks', await getTask(sql, id), TASK_NOT_FOUND);
      const changes = editable<TaskDetailsData>(body, READ_ONLY_TASK_KEYS);
      if (changes.location_id !== undefined) await assertLocationExists(sql, changes.location_id);
      const context = commandContext(ctx);
      const { view } = await handle.transaction(async (run, tx) => {
        const office = await officePlace(tx, changes.office_id !== undefined ? changes.office_id : current.office_id);
        return run(taskAggregate, id, { type: 'EditTask', changes, office }, context, { expectedVersion: body.version, ...read(id) });
      });
      ctx.body = view;
    }),
  );

  router.patch(
    '/tasks/:id/status',
    auth,
    permit('task.changeStatus'),
    validate({ response: Task, params: IdParam, body: ChangeTaskStatusInput }, async (ctx, { params: { id }, body: { status, version } }) => {
      const { view } = await handle(taskAggregate, id, { type: 'ChangeTaskStatus', status }, commandContext(ctx), { expectedVersion: version, ...read(id) });
      ctx.body = view;
    }),
  );

  return router;
}
