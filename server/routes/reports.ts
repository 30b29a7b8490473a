import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import type { Actor } from '@shared/domain/access';
import { occupancyDocument, termDocument, type ReportDocument } from '@shared/domain/reportsTables';
import { OccupancyReport, OccupancyReportQuery, TermAnalysisQuery, TermAnalysisReport, type ReportFormat } from '@shared/schemas/reports';
import { occupancyReport } from '../../projections/reports/occupancyReport';
import type { ReportRequest } from '../../projections/reports/request';
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

/** What every report's query holds, once parsed. */
interface ReportQuery<P extends string> {
  location?: string;
  period: P;
  as_of?: string;
  format: ReportFormat;
}

export function reportRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;

  /** GET `path`: the report `build` computes for the location and day asked, as JSON or the download asked for. */
  function report<P extends string, R extends { location: string; as_of: string }>(
    path: string,
    schemas: { query: z.ZodType<ReportQuery<P>>; response: z.ZodType },
    build: (db: typeof sql, actor: Actor, request: ReportRequest<P>) => Promise<R>,
    document: (report: R) => ReportDocument,
    fileName: (report: R) => string[],
  ) {
    router.get(
      path,
      auth,
      validate({ ...schemas, produces: REPORT_TYPES }, async (ctx, { query }) => {
        const actor = actorOf(ctx);
        const location = await reportLocation(sql, actor, query.location);
        const built = await build(sql, actor, { location, period: query.period, asOf: query.as_of, now: new Date() });
        await respondWithReport(ctx, query.format, built, document, reportFileName(...fileName(built)));
      }),
    );
  }

  report('/reports/occupancy', { query: OccupancyReportQuery, response: OccupancyReport }, occupancyReport, occupancyDocument, (r) => ['occupancy-report', r.location, r.as_of]);
  report('/reports/term-analysis', { query: TermAnalysisQuery, response: TermAnalysisReport }, termAnalysisReport, termDocument, (r) => ['term-analysis', r.location, r.period, r.as_of]);
  return router;
}
