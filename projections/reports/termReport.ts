import type { Actor } from '@shared/domain/access';
import { TERM_PERIOD_LABELS, termPeriodRange, type TermPeriod } from '@shared/domain/reportsPeriods';
import { termFigures } from '@shared/domain/reportsTerms';
import type { TermAnalysisReport } from '@shared/schemas/reports';
import type { Db } from '../../events/store/types';
import { reportDay, reportHeading, type ReportRequest } from './request';
import { currentLeases, leasesAsDayEnded, leasesInForce, reportScope } from './queries';

/**
 * Term versus rate analysis: Current Leases from the office read model as it stands; a quarter,
 * a year or All Time from every lease office_history saw in force. As of a past day, all from
 * office_history as that day ended: the leases in force then, or those seen in force until then
 * (the quarter and the year are the ones holding that day).
 */
export async function termAnalysisReport(db: Db, actor: Actor, request: ReportRequest<TermPeriod>): Promise<TermAnalysisReport> {
  const scope = reportScope(actor, request.location?.id ?? null);
  const { day, live } = reportDay(request);
  const range = termPeriodRange(request.period, day);
  const leases =
    request.period === 'current'
      ? await (live ? currentLeases(db, scope) : leasesAsDayEnded(db, scope, day))
      : await leasesInForce(db, scope, range, live ? null : day);
  return {
    ...reportHeading(request, TERM_PERIOD_LABELS, day, live),
    range,
    ...termFigures(leases),
  };
}
