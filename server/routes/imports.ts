import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { IMPORT_KINDS_SPEC, ImportInput, ImportPreview, ImportProgress } from '@shared/imports';
import { refusal } from '@shared/policy';
import type { AppDeps } from '../deps';
import { forbidden } from '../httpError';
import { checkFile, importRows } from '../imports/importFile';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';
import { commandContext } from './context';

/** The largest request body the import routes take (the file travels as JSON text). */
export const IMPORT_BODY_LIMIT = '12mb';

/** Only a user who may create this kind of row may import it (each row is checked at its location too). */
async function mayImport(ctx: Context, next: Next) {
  const kind = (ctx.request.body as { kind?: string } | undefined)?.kind;
  const spec = kind && Object.hasOwn(IMPORT_KINDS_SPEC, kind) ? IMPORT_KINDS_SPEC[kind as keyof typeof IMPORT_KINDS_SPEC] : null;
  // An unknown kind is the schema's to refuse, with its message.
  const refused = spec ? refusal({ ...actorOf(ctx), locations: [] }, spec.action) : null;
  if (refused) throw forbidden(refused);
  await next();
}

/**
 * CSV import. `POST /api/imports/preview` {kind, csv, mapping?} reads the file and answers every
 * row with its problems, writing nothing. `POST /api/imports` takes the same body, checks it
 * again and imports the valid rows in one transaction, answering as it goes with NDJSON lines
 * (ImportProgress): progress, then done (or failed, with nothing written).
 */
export function importRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle, logger } = deps;

  router.post(
    '/imports/preview',
    auth,
    mayImport,
    validate({ body: ImportInput, response: ImportPreview }, async (ctx, { body }) => {
      ctx.body = (await checkFile(sql, actorOf(ctx), body)).preview;
    }),
  );

  router.post(
    '/imports',
    auth,
    mayImport,
    validate({ body: ImportInput, response: ImportProgress, produces: ['application/x-ndjson'] }, async (ctx, { body }) => {
      const file = await checkFile(sql, actorOf(ctx), body);
      const context = commandContext(ctx);
      const out = new PassThrough();
      const send = (line: ImportProgress) => out.write(`${JSON.stringify(line)}\n`);
      ctx.status = 200;
      ctx.type = 'application/x-ndjson';
      // Each line as it is written: no proxy buffering, no compression holding lines back.
      ctx.set('X-Accel-Buffering', 'no');
      ctx.body = out;
      send({ type: 'progress', done: 0, total: file.preview.valid });
      importRows(handle, file, context, (done, total) => send({ type: 'progress', done, total }))
        .then((result) => send({ type: 'done', ...result }))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'import failed');
          send({ type: 'failed', message: `Nothing was imported: ${(error as Error).message}` });
        })
        .finally(() => out.end());
    }),
  );

  return router;
}
