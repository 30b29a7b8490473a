import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Actor } from '@shared/domain/access';
import { IdParam, VersionBody, VersionQuery } from '@shared/schemas/common';
import { StatusInput } from '@shared/schemas/crm';
import type { Aggregate } from '../../../events/decider';
import type { CommandContext, RunInTransaction } from '../../../events/handleCommand';
import type { Db, NewEvent, Tx } from '../../../events/store/types';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../httpError';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { commandContext } from '../context';
import { assertPartiesExist } from '../deals/dealParties';
import { editable } from '../editable';

type Fields = Record<string, unknown>;

/** What sets contacts and companies apart; their routes are otherwise the same. */
export interface CrmRecordKind<C, S, E extends NewEvent, Row, Query> {
  /** The collection's path: `/contacts`. */
  path: string;
  /** The policy table's prefix: `contact.create`, `contact.update`, `contact.delete`. */
  kind: 'contact' | 'company';
  aggregate: Aggregate<C, S, E>;
  notFound: string;
  row: z.ZodType<Row>;
  listQuery: z.ZodType<Query>;
  createInput: z.ZodType<Fields>;
  updateInput: z.ZodType<Fields & { version?: number }>;
  readOnlyKeys: readonly string[];
  list(db: Db, query: Query, actor: Actor): Promise<Row[]>;
  get(db: Db, id: string, actor: Actor): Promise<Row | null>;
  create(data: Fields & { id: string }): C;
  edit(changes: Fields): C;
  remove: C;
  /** The company or contact a record names by id, which must exist (400 naming it otherwise). */
  links(fields: Fields): Parameters<typeof assertPartiesExist>[1];
  /** What goes with the record when it is deleted, in the same transaction. */
  beforeDelete?: (run: RunInTransaction, tx: Tx, id: string, context: CommandContext) => Promise<void>;
}

/**
 * One CRM record kind's routes, as API.md lists them for contacts and companies: readable by
 * everyone signed in, written by the roles the policy table names. `reads` and `writes` register
 * them on `router`, so the API keeps its order (both kinds' reads first).
 */
export function crmRecordRoutes<C, S, E extends NewEvent, Row, Query>(router: Router, deps: AppDeps, auth: Middleware, k: CrmRecordKind<C, S, E, Row, Query>) {
  const { sql, handle } = deps;
  const { path, aggregate } = k;
  const may = (verb: 'create' | 'update' | 'delete') => permit(`${k.kind}.${verb}` as const);
  // The answer to a write is read in its transaction, as its writer may see it.
  const read = (id: string, ctx: Context) => ({ read: async (tx: Tx) => k.get(tx, id, actorOf(ctx)) });

  const reads = () => {
    router.get(
      path,
      auth,
      validate({ response: z.array(k.row), query: k.listQuery }, async (ctx, { query }) => {
        ctx.body = await k.list(sql, query, actorOf(ctx));
      }),
    );
    router.get(
      `${path}/:id`,
      auth,
      validate({ response: k.row, params: IdParam }, async (ctx, { params }) => {
        const row = await k.get(sql, params.id, actorOf(ctx));
        if (!row) throw new HttpError(404, k.notFound);
        ctx.body = row;
      }),
    );
  };

  const writes = () => {
    router.post(
      path,
      auth,
      may('create'),
      validate({ response: k.row, status: 201, body: k.createInput }, async (ctx, { body }) => {
        await assertPartiesExist(sql, k.links(body));
        const id = randomUUID();
        const { view } = await handle(aggregate, id, k.create({ id, ...body }), commandContext(ctx), read(id, ctx));
        ctx.status = 201;
        ctx.body = view;
      }),
    );
    router.put(
      `${path}/:id`,
      auth,
      may('update'),
      validate({ response: k.row, params: IdParam, body: k.updateInput }, async (ctx, { params: { id }, body }) => {
        const changes = editable<Fields>(body, k.readOnlyKeys);
        await assertPartiesExist(sql, k.links(changes));
        const { view } = await handle(aggregate, id, k.edit(changes), commandContext(ctx), { expectedVersion: body.version, ...read(id, ctx) });
        ctx.body = view;
      }),
    );
    router.patch(
      `${path}/:id/status`,
      auth,
      may('update'),
      validate({ response: k.row, params: IdParam, body: StatusInput }, async (ctx, { params: { id }, body }) => {
        const { view } = await handle(aggregate, id, k.edit({ status: body.status }), commandContext(ctx), { expectedVersion: body.version, ...read(id, ctx) });
        ctx.body = view;
      }),
    );
    router.delete(
      `${path}/:id`,
      auth,
      may('delete'),
      // The version the user saw, in the body or the query: a stale one is a 409 naming who changed it.
      validate({ status: 204, params: IdParam, query: VersionQuery, body: VersionBody }, async (ctx, { params: { id }, query, body }) => {
        const context = commandContext(ctx);
        // All or nothing: the record and what goes with it.
        await handle.transaction(async (run, tx) => {
          await k.beforeDelete?.(run, tx, id, context);
          await run(aggregate, id, k.remove, context, { expectedVersion: body.version ?? query.version });
        });
        ctx.status = 204;
      }),
    );
  };

  return { reads, writes };
}
