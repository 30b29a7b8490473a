import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { TEMPLATE_NOT_FOUND, templateAggregate } from '../../events/template/decider';
import type { TemplateDetailsData } from '../../events/template/events';
import { getTemplate, listTemplates, templateHistory } from '../../projections/templates/queries';
import { IdParam } from '@shared/schemas/common';
import { CreateTemplateInput, READ_ONLY_TEMPLATE_KEYS, Template, TemplateListQuery, TemplateVersion, UpdateTemplateInput } from '@shared/schemas/templates';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { permit } from '../policies';
import { collectionRoutes } from './collectionRoutes';
import { commandContext } from './context';
import { editable } from './editable';
import { found } from './guards';

/** Marketing templates: every signed-in user reads them; managers and admins change them. */
export function templateRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const templates = collectionRoutes(router, auth, '/templates', Template, getTemplate);

  templates.list(TemplateListQuery, async (_ctx, query) => listTemplates(sql, query));

  templates.get(async (_actor, id) => found(await getTemplate(sql, id), TEMPLATE_NOT_FOUND));

  router.get(
    '/templates/:id/history',
    auth,
    validate({ response: z.array(TemplateVersion), params: IdParam }, async (ctx, { params }) => {
      found(await getTemplate(sql, params.id), TEMPLATE_NOT_FOUND);
      ctx.body = await templateHistory(sql, params.id);
    }),
  );

  templates.create(permit('template.create'), CreateTemplateInput, async (ctx, body, id) => {
    const { view } = await handle(templateAggregate, id, { type: 'CreateTemplate', id, details: body }, commandContext(ctx), templates.read(id));
    return view;
  });

  templates.update(permit('template.update'), UpdateTemplateInput, async (ctx, id, body) => {
    found(await getTemplate(sql, id), TEMPLATE_NOT_FOUND);
    const changes = editable<TemplateDetailsData>(body, READ_ONLY_TEMPLATE_KEYS);
    const { view } = await handle(templateAggregate, id, { type: 'EditTemplate', changes }, commandContext(ctx), { expectedVersion: body.version, ...templates.read(id) });
    return view;
  });

  templates.remove(permit('template.delete'), async (ctx, id, expectedVersion) => {
    found(await getTemplate(sql, id), TEMPLATE_NOT_FOUND);
    await handle(templateAggregate, id, { type: 'DeleteTemplate' }, commandContext(ctx), { expectedVersion });
  });

  return router;
}
