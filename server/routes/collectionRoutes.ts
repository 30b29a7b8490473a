import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Actor } from '@shared/domain/access';
import { IdParam, VersionBody, VersionQuery } from '@shared/schemas/common';
import type { AnswerStatement } from '../../events/handleCommand';
import type { Db, Tx } from '../../events/store/types';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';

type In<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * The usual routes of a collection at `path` whose records answer as `row`: the list, one record
 * by id (read with `find`), create (201), change (PUT, with the version seen) and delete (204). Each is registered
 * when called, so a collection keeps its routes in the order the API lists them; what sets one
 * collection apart (checks, the command it sends) is the function it passes.
 */
export function collectionRoutes<T>(
  router: Router,
  auth: Middleware,
  path: string,
  row: z.ZodType,
  find: ((db: Db, id: string) => Promise<T | null>) & { statement?: (id: string) => AnswerStatement<T | null> },
) {
  const one = `${path}/:id`;
  return {
    /**
     * A command's answer: the record as its writer's transaction leaves it. Read by one
     * statement when `find` has one, so a last command's COMMIT can go out right behind it.
     */
    read: (id: string) => ({ read: find.statement ? find.statement(id) : (tx: Tx) => find(tx, id) }),

    /** GET `path`: the records the query asks for (a route without one refuses any); `guards` run first. */
    list<Q extends z.ZodType | undefined>(query: Q, answer: (ctx: Context, query: In<Q>) => Promise<unknown>, ...guards: Middleware[]) {
      router.get(
        path,
        auth,
        ...guards,
        validate({ response: z.array(row), query }, async (ctx, input) => {
          ctx.body = await answer(ctx, input.query as In<Q>);
        }),
      );
    },

    /** GET `path/:id`: the record, or the refusal `answer` throws (404 when none, 403 when not the actor's to see). */
    get(answer: (actor: Actor, id: string) => Promise<unknown>) {
      router.get(
        one,
        auth,
        validate({ response: row, params: IdParam }, async (ctx, { params }) => {
          ctx.body = await answer(actorOf(ctx), params.id);
        }),
      );
    },

    /** POST `path` (201): the record `make` creates under a new id. */
    create<B extends z.ZodType>(may: Middleware, body: B, make: (ctx: Context, body: z.infer<B>, id: string) => Promise<unknown>) {
      router.post(
        path,
        auth,
        may,
        validate({ response: row, status: 201, body }, async (ctx, input) => {
          const view = await make(ctx, input.body as z.infer<B>, randomUUID());
          ctx.status = 201;
          ctx.body = view;
        }),
      );
    },

    /** PUT `path/:id`: the record as `change` leaves it. */
    update<B extends z.ZodType>(may: Middleware, body: B, change: (ctx: Context, id: string, body: z.infer<B>) => Promise<unknown>) {
      router.put(
        one,
        auth,
        may,
        validate({ response: row, params: IdParam, body }, async (ctx, input) => {
          ctx.body = await change(ctx, input.params.id, input.body as z.infer<B>);
        }),
      );
    },

    /** `method path/:id/<sub>`: a change to one record (201 when it adds to it), answered with the record as it leaves it. */
    action<B extends z.ZodType>(method: 'post' | 'patch', sub: string, may: Middleware, body: B, change: (ctx: Context, id: string, body: z.infer<B>) => Promise<unknown>, status?: 201) {
      router[method](
        `${one}/${sub}`,
        auth,
        may,
        validate({ response: row, status, params: IdParam, body }, async (ctx, input) => {
          const view = await change(ctx, input.params.id, input.body as z.infer<B>);
          if (status) ctx.status = status;
          ctx.body = view;
        }),
      );
    },

    /** DELETE `path/:id` (204); the version the user saw comes in the body or as ?version=N, both optional. */
    remove(may: Middleware, drop: (ctx: Context, id: string, expectedVersion: number | undefined) => Promise<void>) {
      router.delete(
        one,
        auth,
        may,
        validate({ status: 204, params: IdParam, query: VersionQuery, body: VersionBody }, async (ctx, { params: { id }, query, body }) => {
          await drop(ctx, id, body.version ?? query.version);
          ctx.status = 204;
        }),
      );
    },
  };
}
