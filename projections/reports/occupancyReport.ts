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
  type OccupancyPeriod,
} from '@shared/domain/reportsPeriods';
import type { OccupancyReport } from '@shared/schemas/reports';
import type { Db } from '../../events/store/types';
import { reportDay, reportHeading, type ReportRequest } from './request';
import { aggregatesAsDaysBegan, currentAggregates, reportScope, scopeLocations } from './queries';
import { roomUtilisation } from './roomUtilisation';

/**
 * The occupancy report. Live (no past day): the office read model as it stands. As of a past
 * day: office_history as that day ended. Either way the change since the period began and the
 * month ends before come from office_history, in one query.
 */
export async function occupancyReport(db: Db, actor: Actor, request: ReportRequest<OccupancyPeriod>): Promise<OccupancyReport> {
  const scope = reportScope(actor, request.location?.id ?? null);
  const { day, live } = reportDay(request);
  const since = periodStart(day, OCCUPANCY_PERIOD_UNIT[request.period]);
  const monthEnds = previousMonthEnds(day, HISTORY_POINTS - 1);
  // Each day's figures are the state as the next day began.
  const days = [since, ...monthEnds.map((d) => addDays(d, 1)), ...(live ? [] : [addDays(day, 1)])];
  const [past, current, locations, rooms] = await Promise.all([
    aggregatesAsDaysBegan(db, scope, days),
    live ? currentAggregates(db, scope) : null,
    scopeLocations(db, scope),
    roomUtilisation(db, scope, since, day),
  ]);
  const [atStart, ...ends] = past as [typeof past[number], ...typeof past];
  const atDay = current ?? ends.pop()!;
  const tiles = occupancyFigures(atDay);
  return {
    ...reportHeading(request, OCCUPANCY_PERIOD_LABELS, day, live),
    tiles,
    status_breakdown: statusBreakdown(atDay),
    locations: request.location ? null : locationComparison(atDay, locations),
    revenue: revenueAnalysis(tiles),
    change: occupancyChange(tiles, occupancyFigures(atStart), since),
    history: [...monthEnds.map((d, i) => historyPoint(d, ends[i]!, locations)), historyPoint(day, atDay, locations)],
    history_locations: locations,
    room_utilisation: rooms,
  };
}
