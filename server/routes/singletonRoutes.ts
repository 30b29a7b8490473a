import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { validate } from '../middleware/validate';

/**
 * The routes of a record the system holds one of (settings, a configuration) at `path`, answered
 * as `row` to whoever `guards` let through: reading it, and saving a change to it.
 */
export function singletonRoutes(router: Router, path: string, guards: Middleware[], row: z.ZodType) {
  return {
    /** GET `path`: the record as `read` gives it. */
    show(read: () => Promise<unknown>) {
      router.get(
        path,
        ...guards,
        validate({ response: row }, async (ctx) => {
          ctx.body = await read();
        }),
      );
    },

    /** `method path`: the record as `save` leaves it. */
    save<B extends z.ZodType>(method: 'post' | 'put', body: B, save: (ctx: Context, body: z.infer<B>) => Promise<unknown>) {
      router[method](
        path,
        ...guards,
        validate({ response: row, body }, async (ctx, input) => {
          ctx.body = await save(ctx, input.body as z.infer<B>);
        }),
      );
    },
  };
}
