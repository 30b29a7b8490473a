import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { VersionBody } from '@shared/schemas/common';
import { ConnectGmailAnswer, ConnectGmailInput, GmailCallbackAnswer, GmailCallbackInput, GmailEmail, GmailEmailsQuery, GmailStatus } from '@shared/schemas/gmail';
import type { AppDeps } from '../deps';
import { gmailService } from '../gmail/gmailService';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';

/**
 * Gmail (spec part 2, §7): each manager's or administrator's own connection through Google's
 * OAuth flow, and the e-mail history of contacts and companies read from it. Viewers: 403.
 */
export function gmailRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const gmail = gmailService(deps.sql, deps.handle, deps.secrets, deps.google);
  const mine = [auth, permit('gmail.connect')];

  router.get(
    '/gmail/status',
    ...mine,
    validate({ response: GmailStatus }, async (ctx) => {
      ctx.body = await gmail.status(actorOf(ctx).id);
    }),
  );

  router.post(
    '/gmail/connect',
    ...mine,
    validate({ body: ConnectGmailInput, response: ConnectGmailAnswer, errors: [409, 502] }, async (ctx, { body }) => {
      ctx.body = { auth_url: await gmail.start(actorOf(ctx).id, body.redirect_uri) };
    }),
  );

  router.post(
    '/gmail/callback',
    ...mine,
    validate({ body: GmailCallbackInput, response: GmailCallbackAnswer, errors: [409, 502] }, async (ctx, { body }) => {
      const connection = await gmail.complete(commandContext(ctx), actorOf(ctx).id, body);
      ctx.body = { success: true, gmail_address: connection.gmail_address };
    }),
  );

  router.post(
    '/gmail/disconnect',
    ...mine,
    validate({ response: GmailStatus, body: VersionBody, errors: [409, 502] }, async (ctx, { body }) => {
      await gmail.disconnect(commandContext(ctx), actorOf(ctx).id, body.version);
      ctx.body = await gmail.status(actorOf(ctx).id);
    }),
  );

  router.get(
    '/gmail/emails',
    ...mine,
    validate({ query: GmailEmailsQuery, response: z.array(GmailEmail), errors: [409, 502] }, async (ctx, { query }) => {
      ctx.body = await gmail.emails(actorOf(ctx).id, query);
    }),
  );

  return router;
}
