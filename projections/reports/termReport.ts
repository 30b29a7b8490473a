import type { Actor } from '@shared/domain/access';
import { TERM_PERIOD_LABELS, reportToday, termPeriodRange, type TermPeriod } from '@shared/domain/reportsPeriods';
import { termFigures } from '@shared/domain/reportsTerms';
import { ALL_LOCATIONS } from '@shared/constants';
import type { TermAnalysisReport } from '@shared/schemas/reports';
import type { Db } from '../../events/store/types';
import { currentLeases, leasesAsDayEnded, leasesInForce, reportScope } from './queries';

export interface TermRequest {
  location: { id: string; name: string } | null;
  period: TermPeriod;
  /** A past day; none (or today) for the leases as they stand. */
  asOf?: string;
  now: Date;
}

/**
 * Term versus rate analysis: Current Leases from the office read model as it stands; a quarter,
 * a year or All Time from every lease office_history saw in force. As of a past day, all from
 * office_history as that day ended: the leases in force then, or those seen in force until then
 * (the quarter and the year are the ones holding that day).
 */
export async function termAnalysisReport(db: Db, actor: Actor, request: TermRequest): Promise<TermAnalysisReport> {
  const scope = reportScope(actor, request.location?.id ?? null);
  const today = reportToday(request.now);
  const day = request.asOf && request.asOf < today ? request.asOf : today;
  const live = day === today;
  const range = termPeriodRange(request.period, day);
  const leases =
    request.period === 'current'
      ? await (live ? currentLeases(db, scope) : leasesAsDayEnded(db, scope, day))
      : await leasesInForce(db, scope, range, live ? null : day);
  return {
    location: request.location?.name ?? ALL_LOCATIONS,
    location_id: request.location?.id ?? null,
    period: request.period,
    period_label: TERM_PERIOD_LABELS[request.period],
    generated_at: request.now.toISOString(),
    as_of: day,
    live,
    range,
    ...termFigures(leases),
  };
}
