import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import type { Tx } from '../../events/store/types';
import { TEMPLATE_NOT_FOUND, templateAggregate } from '../../events/template/decider';
import type { TemplateDetailsData } from '../../events/template/events';
import { getTemplate, listTemplates, templateHistory } from '../../projections/templates/queries';
import { IdParam, VersionBody, VersionQuery } from '@shared/schemas/common';
import { CreateTemplateInput, READ_ONLY_TEMPLATE_KEYS, Template, TemplateListQuery, TemplateVersion, UpdateTemplateInput } from '@shared/schemas/templates';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { permit } from '../policies';
import { commandContext } from './context';
import { editable } from './editable';
import { found } from './guards';

/** Marketing templates: every signed-in user reads them; managers and admins change them. */
export function templateRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  const read = (id: string) => ({ read: (tx: Tx) => getTemplate(tx, id) });

  router.get(
    '/templates',
    auth,
    validate({ response: z.array(Template), query: TemplateListQuery }, async (ctx, { query }) => {
      ctx.body = await listTemplates(sql, query);
    }),
  );

  router.get(
    '/templates/:id',
    auth,
    validate({ response: Template, params: IdParam }, async (ctx, { params }) => {
      ctx.body = found(await getTemplate(sql, params.id), TEMPLATE_NOT_FOUND);
    }),
  );

  router.get(
    '/templates/:id/history',
    auth,
    validate({ response: z.array(TemplateVersion), params: IdParam }, async (ctx, { params }) => {
      found(await getTemplate(sql, params.id), TEMPLATE_NOT_FOUND);
      ctx.body = await templateHistory(sql, params.id);
    }),
  );

  router.post(
    '/templates',
    auth,
    permit('template.create'),
    validate({ response: Template, status: 201, body: CreateTemplateInput }, async (ctx, { body }) => {
      const id = randomUUID();
      const { view } = await handle(templateAggregate, id, { type: 'CreateTemplate', id, details: body }, commandContext(ctx), read(id));
      ctx.status = 201;
      ctx.body = view;
    }),
  );

  router.put(
    '/templates/:id',
    auth,
    permit('template.update'),
    validate({ response: Template, params: IdParam, body: UpdateTemplateInput }, async (ctx, { params: { id }, body }) => {
      found(await getTemplate(sql, id), TEMPLATE_NOT_FOUND);
      const changes = editable<TemplateDetailsData>(body, READ_ONLY_TEMPLATE_KEYS);
      const { view } = await handle(templateAggregate, id, { type: 'EditTemplate', changes }, commandContext(ctx), { expectedVersion: body.version, ...read(id) });
      ctx.body = view;
    }),
  );

  router.delete(
    '/templates/:id',
    auth,
    permit('template.delete'),
    validate({ status: 204, params: IdParam, query: VersionQuery, body: VersionBody }, async (ctx, { params: { id }, query, body }) => {
      found(await getTemplate(sql, id), TEMPLATE_NOT_FOUND);
      await handle(templateAggregate, id, { type: 'DeleteTemplate' }, commandContext(ctx), { expectedVersion: body.version ?? query.version });
      ctx.status = 204;
    }),
  );

  return router;
}
