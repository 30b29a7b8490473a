import type { Actor } from '@shared/domain/access';
import {
  historyPoint,
  locationComparison,
  occupancyChange,
  occupancyFigures,
  revenueAnalysis,
  statusBreakdown,
} from '@shared/domain/reportsOccupancy';
import {
  HISTORY_POINTS,
  OCCUPANCY_PERIOD_LABELS,
  OCCUPANCY_PERIOD_UNIT,
  addDays,
  periodStart,
  previousMonthEnds,
  reportToday,
  type OccupancyPeriod,
} from '@shared/domain/reportsPeriods';
import { ALL_LOCATIONS } from '@shared/constants';
import type { OccupancyReport } from '@shared/schemas/reports';
import type { Db } from '../../events/store/types';
import { aggregatesAsDaysBegan, currentAggregates, reportScope, scopeLocations } from './queries';

export interface OccupancyRequest {
  /** The one location reported on, or null for every location the actor may see. */
  location: { id: string; name: string } | null;
  period: OccupancyPeriod;
  /** A past day; none (or today) for the offices as they stand. */
  asOf?: string;
  now: Date;
}

/**
 * The occupancy report. Live (no past day): the office read model as it stands. As of a past
 * day: office_history as that day ended. Either way the change since the period began and the
 * month ends before come from office_history, in one query.
 */
export async function occupancyReport(db: Db, actor: Actor, request: OccupancyRequest): Promise<OccupancyReport> {
  const scope = reportScope(actor, request.location?.id ?? null);
  const today = reportToday(request.now);
  const day = request.asOf && request.asOf < today ? request.asOf : today;
  const live = day === today;
  const since = periodStart(day, OCCUPANCY_PERIOD_UNIT[request.period]);
  const monthEnds = previousMonthEnds(day, HISTORY_POINTS - 1);
  // Each day's figures are the state as the next day began.
  const days = [since, ...monthEnds.map((d) => addDays(d, 1)), ...(live ? [] : [addDays(day, 1)])];
  const [past, current, locations] = await Promise.all([
    aggregatesAsDaysBegan(db, scope, days),
    live ? currentAggregates(db, scope) : null,
    scopeLocations(db, scope),
  ]);
  const [atStart, ...ends] = past as [typeof past[number], ...typeof past];
  const atDay = current ?? ends.pop()!;
  const tiles = occupancyFigures(atDay);
  return {
    location: request.location?.name ?? ALL_LOCATIONS,
    location_id: request.location?.id ?? null,
    period: request.period,
    period_label: OCCUPANCY_PERIOD_LABELS[request.period],
    generated_at: request.now.toISOString(),
    as_of: day,
    live,
    tiles,
    status_breakdown: statusBreakdown(atDay),
    locations: request.location ? null : locationComparison(atDay, locations),
    revenue: revenueAnalysis(tiles),
    change: occupancyChange(tiles, occupancyFigures(atStart), since),
    history: [...monthEnds.map((d, i) => historyPoint(d, ends[i]!, locations)), historyPoint(day, atDay, locations)],
    history_locations: locations,
  };
}
