import Router from '@koa/router';
import type { Middleware } from 'koa';
import { occupancyDocument, termDocument } from '@shared/domain/reportsTables';
import { OccupancyReport, OccupancyReportQuery, TermAnalysisQuery, TermAnalysisReport } from '@shared/schemas/reports';
import { occupancyReport } from '../../projections/reports/occupancyReport';
import { termAnalysisReport } from '../../projections/reports/termReport';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf } from '../policies';
import { reportLocation } from '../reports/location';
import { reportFileName, respondWithReport } from '../reports/respond';

/**
 * GET /api/reports/occupancy and /api/reports/term-analysis (API.md, Reports): every signed-in
 * user reads them for the locations they may see; `format=csv` or `pdf` downloads what the
 * screen shows.
 */
/** A report answers as JSON, or as the CSV or PDF download `format` asks for. */
const REPORT_TYPES = ['application/json', 'text/csv', 'application/pdf'];

export function reportRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;
  router.get(
    '/reports/occupancy',
    auth,
    validate({ query: OccupancyReportQuery, response: OccupancyReport, produces: REPORT_TYPES }, async (ctx, { query }) => {
      const actor = actorOf(ctx);
      const location = await reportLocation(sql, actor, query.location);
      const report = await occupancyReport(sql, actor, { location, period: query.period, asOf: query.as_of, now: new Date() });
      await respondWithReport(ctx, query.format, report, occupancyDocument, reportFileName('occupancy-report', report.location, report.as_of));
    }),
  );
  router.get(
    '/reports/term-analysis',
    auth,
    validate({ query: TermAnalysisQuery, response: TermAnalysisReport, produces: REPORT_TYPES }, async (ctx, { query }) => {
      const actor = actorOf(ctx);
      const location = await reportLocation(sql, actor, query.location);
      const report = await termAnalysisReport(sql, actor, { location, period: query.period, asOf: query.as_of, now: new Date() });
      await respondWithReport(ctx, query.format, report, termDocument, reportFileName('term-analysis', report.location, report.period, report.as_of));
    }),
  );
  return router;
}
