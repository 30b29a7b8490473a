import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { BackgroundFileQuery, BackgroundUploadFields, FLOOR_PLAN_MESSAGES, FloorBackgroundAnswer, FloorParams, MAX_FLOOR_BACKGROUND_BYTES } from '@shared/schemas/floorPlans';
import { floorBackgroundAggregate } from '../../../events/floorPlan/backgroundDecider';
import { floorId } from '../../../events/floorPlan/floorId';
import { backgroundOfFloor } from '../../../projections/floorPlans/queries';
import type { AppDeps } from '../../deps';
import { backgroundImage } from '../../floorPlans/backgroundImage';
import { pathLocation } from '../../floorPlans/planLocation';
import { HttpError } from '../../httpError';
import { parse, validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { dropUnusedContent, storeContent } from '../../resources/contents';
import { readUpload } from '../../resources/multipart';
import { sendStoredFile } from '../../resources/sendStoredFile';
import { uploadSlots } from '../../resources/uploadSlots';
import { commandContext } from '../context';

/** Background uploads one process receives at once (each held in memory until stored). */
const UPLOADS_AT_ONCE = 2;

const fileProblem = (message: string) => new HttpError(400, message, [{ field: 'file', message }]);

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * PUT /api/floor-plans/{location_id}/{floor}/background (multipart, one `file`): the floor's
 * image, stored in the database beside the event that names it, as documents are; DELETE removes
 * it; GET serves it.
 */
export function backgroundRoutes(router: Router, deps: AppDeps, auth: Middleware) {
  const { sql, handle } = deps;
  const slots = uploadSlots(UPLOADS_AT_ONCE);
  const path = '/floor-plans/:location_id/:floor/background';

  router.get(
    path,
    auth,
    validate({ params: FloorParams, query: BackgroundFileQuery, produces: ['image/png', 'image/jpeg', 'image/webp'], description: 'The floor’s background image (the url a plan names).' }, async (ctx, { params }) => {
      await pathLocation(sql, actorOf(ctx), params.location_id);
      const background = await backgroundOfFloor(sql, params.location_id, params.floor);
      if (!background) throw new HttpError(404, FLOOR_PLAN_MESSAGES.noBackground);
      const file = {
        sha256: background.sha256,
        size: background.size,
        fileName: `floor-${params.floor}.${EXTENSIONS[background.content_type] ?? 'img'}`,
        contentType: background.content_type,
        inline: true,
      };
      // `v` only makes a new image a new url for the browser (API answers are never cached).
      await sendStoredFile(ctx, sql, file, `the background of floor ${params.floor} at ${params.location_id} is missing`);
    }),
  );

  router.put(
    path,
    auth,
    permit('floorPlan.edit'),
    validate(
      { params: FloorParams, response: FloorBackgroundAnswer, upload: { fields: BackgroundUploadFields, file: 'file' }, errors: [413, 415, 503], description: `The floor’s background: a PNG, JPEG or WebP (read from the bytes; SVG and anything else 400), at most ${MAX_FLOOR_BACKGROUND_BYTES / 1024 / 1024} MB (413).` },
      async (ctx, { params }) => {
        await pathLocation(sql, actorOf(ctx), params.location_id);
        ctx.body = await upload(ctx, params);
      },
    ),
  );

  async function upload(ctx: Context, plan: { location_id: string; floor: number }) {
    const release = slots.take();
    if (!release) throw new HttpError(503, FLOOR_PLAN_MESSAGES.busy, undefined, { 'Retry-After': '5' });
    try {
      const received = await readUpload(ctx.req, MAX_FLOOR_BACKGROUND_BYTES).catch((error: unknown) => {
        // The reader's own words speak of documents.
        if (error instanceof HttpError && error.status === 413) throw new HttpError(413, FLOOR_PLAN_MESSAGES.tooLarge);
        if (error instanceof HttpError && /multipart/i.test(error.message)) throw new HttpError(400, FLOOR_PLAN_MESSAGES.notMultipart);
        throw error;
      });
      parse(BackgroundUploadFields, received.fields);
      const { file } = received;
      if (!file) throw fileProblem(FLOOR_PLAN_MESSAGES.noFile);
      if (file.bytes.length === 0) throw fileProblem(FLOOR_PLAN_MESSAGES.empty);
      const checked = await backgroundImage(file);
      if (!checked.ok) throw fileProblem(FLOOR_PLAN_MESSAGES[checked.reason]);

      const before = await backgroundOfFloor(sql, plan.location_id, plan.floor);
      const id = floorId(plan.location_id, plan.floor);
      return handle.transaction(async (run, tx) => {
        // The bytes and the event that names them commit together, or neither does.
        await storeContent(tx, file.sha256, file.bytes);
        await run(floorBackgroundAggregate, id, { type: 'SetFloorBackground', plan, image: checked.image }, commandContext(ctx));
        // The image it replaced goes, unless something else shows the same bytes.
        if (before && before.sha256 !== file.sha256) await dropUnusedContent(tx, before.sha256);
        const now = await backgroundOfFloor(tx, plan.location_id, plan.floor);
        return { url: now!.url, width: now!.width, height: now!.height };
      });
    } finally {
      release();
    }
  }

  router.delete(
    path,
    auth,
    permit('floorPlan.edit'),
    validate({ params: FloorParams, status: 204, description: 'Removes the floor’s background.' }, async (ctx, { params }) => {
      await pathLocation(sql, actorOf(ctx), params.location_id);
      const plan = { location_id: params.location_id, floor: params.floor };
      const before = await backgroundOfFloor(sql, plan.location_id, plan.floor);
      await handle.transaction(async (run, tx) => {
        await run(floorBackgroundAggregate, floorId(plan.location_id, plan.floor), { type: 'RemoveFloorBackground', plan }, commandContext(ctx));
        // Its file goes with it, unless something else shows the same bytes.
        if (before) await dropUnusedContent(tx, before.sha256);
      });
      ctx.status = 204;
    }),
  );
}
