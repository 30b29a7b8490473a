import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { RESOURCE_NOT_FOUND, resourceAggregate } from '../../events/resource/decider';
import { getResource, listResources } from '../../projections/resources/queries';
import { IdParam } from '@shared/schemas/common';
import { Resource, RESOURCE_MESSAGES, ResourceListQuery, UploadResourceFields } from '@shared/schemas/resources';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { parse, validate } from '../middleware/validate';
import { permit } from '../policies';
import { dropUnusedContent, storeContent } from '../resources/contents';
import { sendStoredFile } from '../resources/sendStoredFile';
import { describeFile } from '../resources/describeFile';
import { readUpload } from '../resources/multipart';
import { uploadSlots } from '../resources/uploadSlots';
import { collectionRoutes } from './collectionRoutes';
import { commandContext } from './context';
import { found } from './guards';

/** Uploads one process receives at once (each held in memory until stored). */
const UPLOADS_AT_ONCE = 4;

const fileProblem = (message: string) => new HttpError(400, message, [{ field: 'file', message }]);

/**
 * The employee document library: everyone signed in lists and downloads; managers and admins
 * upload (multipart, POST /api/resources) and delete. A file is stored in the database beside
 * the event that names it, so every server serves it and every backup holds it.
 */
export function resourceRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  const slots = uploadSlots(UPLOADS_AT_ONCE);

  const resources = collectionRoutes(router, auth, '/resources', Resource, getResource);

  resources.list(ResourceListQuery, async (_ctx, query) => listResources(sql, query));

  resources.get(async (_actor, id) => found(await getResource(sql, id), RESOURCE_NOT_FOUND));

  router.get(
    '/resources/:id/download',
    auth,
    validate({ params: IdParam, produces: ['*/*'] }, async (ctx, { params }) => {
      const resource = found(await getResource(sql, params.id), RESOURCE_NOT_FOUND);
      // The type is the one read from the bytes at upload, not guessed from the name.
      const file = { sha256: resource.sha256, size: resource.size, fileName: resource.file_name, contentType: resource.content_type };
      await sendStoredFile(ctx, sql, file, `the file of document ${resource.id} is missing`);
    }),
  );

  router.post('/resources', auth, permit('resource.upload'), validate({ response: Resource, status: 201, upload: { fields: UploadResourceFields, file: 'file' }, errors: [413, 415, 503] }, (ctx) => upload(ctx)));

  async function upload(ctx: Context) {
    const release = slots.take();
    if (!release) throw new HttpError(503, RESOURCE_MESSAGES.busy, undefined, { 'Retry-After': '5' });
    try {
      const received = await readUpload(ctx.req);
      const { file } = received;
      if (!file) throw fileProblem(RESOURCE_MESSAGES.noFile);
      const fields = parse(UploadResourceFields, received.fields);
      if (file.bytes.length === 0) throw fileProblem(RESOURCE_MESSAGES.empty);
      const details = await describeFile(file, fields);
      if (!details) throw fileProblem(RESOURCE_MESSAGES.refused);

      const id = randomUUID();
      // The bytes and the event that names them commit together, or neither does.
      const { view } = await handle.transaction(async (run, tx) => {
        await storeContent(tx, file.sha256, file.bytes);
        return run(resourceAggregate, id, { type: 'UploadResource', id, details }, commandContext(ctx), resources.read(id));
      });
      ctx.status = 201;
      ctx.body = view;
    } finally {
      release();
    }
  }

  resources.remove(permit('resource.delete'), async (ctx, id, expectedVersion) => {
    found(await getResource(sql, id), RESOURCE_NOT_FOUND);
    await handle.transaction(async (run, tx) => {
      const { state } = await run(resourceAggregate, id, { type: 'DeleteResource' }, commandContext(ctx), { expectedVersion });
      // The file goes with its last document.
      if (state) await dropUnusedContent(tx, state.sha256);
    });
  });

  return router;
}
