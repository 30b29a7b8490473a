import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { DealChange, DealChangesQuery, DealChangesSlackAnswer, DealChangesSlackInput, DealChangesSummary, beforeTheLog } from '@shared/schemas/dealHistory';
import { summaryMessage } from '@shared/domain/dealChanges';
import { SLACK_CONFIG_ID } from '@shared/schemas/slack';
import { slackConfigAggregate } from '../../../events/slack/decider';
import type { AppDeps } from '../../deps';
import { commandContext } from '../context';
import { listChanges, logStart, summarizeChanges, type ChangesWindow } from '../../../projections/dealHistory/queries';
import type { Db } from '../../../events/store/types';
import { HttpError } from '../../httpError';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { assertMayFilterBy } from '../locationFilter';
import { changesPdf } from '../../dealHistory/changesPdf';
import { reportFileName } from '../../reports/respond';

/** Refuses an instant before the log begins (API.md: 400), naming the field and where the log starts. */
export async function assertInLog(db: Db, field: string, label: string, instant: string | undefined) {
  if (instant === undefined) return;
  const first = await logStart(db);
  if (first === null || Date.parse(instant) < Date.parse(first)) {
    const message = beforeTheLog(label, first ?? 'the first event');
    throw new HttpError(400, message, [{ field, message }]);
  }
}

/**
 * The window a query names, its location checked against the caller's sight. A start before the
 * log is no error here: everything since then is everything the log holds.
 */
export async function changesWindow(db: Db, ctx: Context, query: { since: string; until?: string; location?: string }): Promise<ChangesWindow> {
  await assertMayFilterBy(db, actorOf(ctx), query.location);
  return { since: query.since, until: query.until ?? new Date().toISOString(), location: query.location };
}

/**
 * GET /api/deals/changes (API.md "Meeting mode on the deal board"): what happened to the deals
 * the caller may see between `since` and `until`, newest first, paged by log position; with
 * `summary=1` the window's figures, and with `format=pdf` those figures and the changes as a PDF
 * for the meeting's notes. Registered before /deals/:id, which would take "changes" for an id.
 */
export function dealChangesRoutes(router: Router, { sql: db, handle }: AppDeps, auth: Middleware) {
  router.get(
    '/deals/changes',
    auth,
    validate(
      {
        query: DealChangesQuery,
        response: z.union([z.array(DealChange), DealChangesSummary]),
        produces: ['application/json', 'application/pdf'],
        description:
          'What happened to the deals the caller may see between since and until, newest first (each change where the deal was when it changed, in the caller\'s scope now), paged by log position; with summary=1 the window\'s figures; with format=pdf the figures and the changes as a PDF.',
      },
      async (ctx, { query }) => {
        const actor = actorOf(ctx);
        const window = await changesWindow(db, ctx, query);
        if (query.format === 'pdf') {
          const [summary, changes] = await Promise.all([summarizeChanges(db, actor, window), listChanges(db, actor, window, { limit: query.limit })]);
          ctx.set('Content-Disposition', `attachment; filename="${reportFileName('deal-changes', window.since.slice(0, 10), window.until.slice(0, 10))}.pdf"`);
          ctx.type = 'application/pdf';
          ctx.body = Buffer.from(await changesPdf(summary, changes, window.location));
          return;
        }
        const summary = query.summary === '1' || query.summary === 'true';
        ctx.body = summary ? await summarizeChanges(db, actor, window) : await listChanges(db, actor, window, { limit: query.limit, before: query.before });
      },
    ),
  );

  /**
   * POST /api/deals/changes/slack {since, until?, location?}: the window's summary (of the deals
   * the poster may see) posted to Slack through the outbox, as one message to the webhook's
   * channel: an event of the Slack configuration's stream, which the notification process turns
   * into a delivery (server/slack/notificationProcess.ts). 409 while notifications are off.
   */
  router.post(
    '/deals/changes/slack',
    auth,
    permit('deal.postChangesToSlack'),
    validate(
      {
        body: DealChangesSlackInput,
        response: DealChangesSlackAnswer,
        description: "The window's summary (of the deals the poster may see) queued for Slack through the outbox, as one message to the webhook's channel; 409 while Slack notifications are off. Admins and managers.",
      },
      async (ctx, { body }) => {
      const window = await changesWindow(db, ctx, body);
      const summary = await summarizeChanges(db, actorOf(ctx), window);
      const span = `${when(window.since)} to ${when(window.until)}`;
      const text = summaryMessage(summary, window.location?.trim() || 'All Locations', span);
      await handle(slackConfigAggregate, SLACK_CONFIG_ID, { type: 'PostBoardSummary', text }, commandContext(ctx));
      ctx.body = { queued: true, text };
      },
    ),
  );
}

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
