import type { Context } from 'koa';
import type { ReportDocument } from '@shared/domain/reportsTables';
import type { ReportFormat } from '@shared/schemas/reports';
import { reportCsv } from './csv';
import { reportPdf } from './pdf';

/** 'occupancy-report-55-broadway-2025-03-01': letters, digits and dashes only. */
export function reportFileName(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Answers the report as JSON, or as a CSV or PDF download of the same document the screen
 * shows (built only when asked for).
 */
export async function respondWithReport<R>(ctx: Context, format: ReportFormat, report: R, document: (report: R) => ReportDocument, name: string) {
  if (format === 'json') {
    ctx.body = report;
    return;
  }
  const doc = document(report);
  ctx.set('Content-Disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'csv') {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = reportCsv(doc);
  } else {
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(await reportPdf(doc));
  }
}
