import type { Actor } from '@shared/domain/access';
import { TERM_PERIOD_LABELS, reportToday, termPeriodRange, type TermPeriod } from '@shared/domain/reportsPeriods';
import { termFigures } from '@shared/domain/reportsTerms';
import { ALL_LOCATIONS } from '@shared/constants';
import type { TermAnalysisReport } from '@shared/schemas/reports';
import type { Db } from '../../events/store/types';
import { currentLeases, leasesInForce, reportScope } from './queries';

export interface TermRequest {
  location: { id: string; name: string } | null;
  period: TermPeriod;
  now: Date;
}

/**
 * Term versus rate analysis: Current Leases from the office read model as it stands; a quarter,
 * a year or All Time from every lease office_history saw in force.
 */
export async function termAnalysisReport(db: Db, actor: Actor, request: TermRequest): Promise<TermAnalysisReport> {
  const scope = reportScope(actor, request.location?.id ?? null);
  const range = termPeriodRange(request.period, reportToday(request.now));
  const leases = request.period === 'current' ? await currentLeases(db, scope) : await leasesInForce(db, scope, range);
  return {
    location: request.location?.name ?? ALL_LOCATIONS,
    location_id: request.location?.id ?? null,
    period: request.period,
    period_label: TERM_PERIOD_LABELS[request.period],
    generated_at: request.now.toISOString(),
    range,
    ...termFigures(leases),
  };
}
