/**
 * The occupancy report's figures (spec part 2, Occupancy Reporting; RESOLUTIONS.md), from the
 * offices counted per location and status: at one instant, now or in the past, the same rules.
 * Pure.
 */
import { OFFICE_STATUSES, type OfficeStatus } from '../schemas/offices';
import { percentOf, roundMoney } from './reportsFormat';

/**
 * The offices of one status at one location at one instant. `revenue` adds each office's
 * monthly revenue figure (signed rate, else monthly marketed rate, else 0); `marketed` adds
 * the monthly marketed rates.
 */
export interface StatusAggregate {
  location_id: string;
  status: OfficeStatus;
  offices: number;
  desks: number;
  revenue: number;
  marketed: number;
}

export interface OccupancyFigures {
  total_offices: number;
  leased_offices: number;
  total_desks: number;
  occupied_desks: number;
  /** LEASED offices over all offices, percent. */
  office_occupancy: number;
  /** Desks of LEASED offices over all desks, percent. */
  desk_occupancy: number;
  /** The revenue figure summed over LEASED offices. */
  monthly_revenue: number;
  /** LEASED offices' revenue plus the monthly marketed rate of VACANT and PENDING ones (UNAVAILABLE count for nothing). */
  revenue_potential: number;
}

const sum = (aggregates: readonly StatusAggregate[], pick: (a: StatusAggregate) => number) => aggregates.reduce((n, a) => n + pick(a), 0);

export function occupancyFigures(aggregates: readonly StatusAggregate[]): OccupancyFigures {
  const leased = aggregates.filter((a) => a.status === 'LEASED');
  const open = aggregates.filter((a) => a.status === 'VACANT' || a.status === 'PENDING');
  const total_offices = sum(aggregates, (a) => a.offices);
  const leased_offices = sum(leased, (a) => a.offices);
  const total_desks = sum(aggregates, (a) => a.desks);
  const occupied_desks = sum(leased, (a) => a.desks);
  const monthly_revenue = roundMoney(sum(leased, (a) => a.revenue));
  return {
    total_offices,
    leased_offices,
    total_desks,
    occupied_desks,
    office_occupancy: percentOf(leased_offices, total_offices),
    desk_occupancy: percentOf(occupied_desks, total_desks),
    monthly_revenue,
    revenue_potential: roundMoney(monthly_revenue + sum(open, (a) => a.marketed)),
  };
}

export interface StatusShare {
  status: OfficeStatus;
  offices: number;
  offices_percent: number;
  desks: number;
  desks_percent: number;
}

/** Offices and desks per status (every status, in the product's order), count and percent of all. */
export function statusBreakdown(aggregates: readonly StatusAggregate[]): StatusShare[] {
  const offices = sum(aggregates, (a) => a.offices);
  const desks = sum(aggregates, (a) => a.desks);
  return OFFICE_STATUSES.map((status) => {
    const of = aggregates.filter((a) => a.status === status);
    const count = sum(of, (a) => a.offices);
    const seats = sum(of, (a) => a.desks);
    return { status, offices: count, offices_percent: percentOf(count, offices), desks: seats, desks_percent: percentOf(seats, desks) };
  });
}

/** Occupancy trend thresholds (spec part 2, section 9). */
export const TREND_STRONG_AT = 80;
export const TREND_MODERATE_AT = 60;

/** Green up at 80% or more, amber up at 60% or more, red down below 60%. */
export type PerformanceTrend = 'strong' | 'moderate' | 'weak';

export const TREND_LABELS: Record<PerformanceTrend, string> = {
  strong: `Strong (${TREND_STRONG_AT}% or more)`,
  moderate: `Moderate (${TREND_MODERATE_AT}-${TREND_STRONG_AT}%)`,
  weak: `Weak (below ${TREND_MODERATE_AT}%)`,
};

export function performanceTrend(officeOccupancy: number): PerformanceTrend {
  if (officeOccupancy >= TREND_STRONG_AT) return 'strong';
  return officeOccupancy >= TREND_MODERATE_AT ? 'moderate' : 'weak';
}

export interface LocationPerformance {
  location_id: string;
  location: string;
  total_offices: number;
  total_desks: number;
  office_occupancy: number;
  desk_occupancy: number;
  monthly_revenue: number;
  /** From office occupancy. */
  trend: PerformanceTrend;
}

/** One row per location, by name: the Location Performance Comparison of All Locations. */
export function locationComparison(aggregates: readonly StatusAggregate[], locations: readonly { id: string; name: string }[]): LocationPerformance[] {
  return [...locations]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'))
    .map((location) => {
      const figures = occupancyFigures(aggregates.filter((a) => a.location_id === location.id));
      return {
        location_id: location.id,
        location: location.name,
        total_offices: figures.total_offices,
        total_desks: figures.total_desks,
        office_occupancy: figures.office_occupancy,
        desk_occupancy: figures.desk_occupancy,
        monthly_revenue: figures.monthly_revenue,
        trend: performanceTrend(figures.office_occupancy),
      };
    });
}

export interface RevenueAnalysis {
  current: number;
  potential: number;
  /** Potential minus current: what the empty offices would add at their marketed rates. */
  gap: number;
  /** The gap as a share of the potential, percent. */
  gap_percent: number;
}

export function revenueAnalysis(figures: OccupancyFigures): RevenueAnalysis {
  const gap = roundMoney(figures.revenue_potential - figures.monthly_revenue);
  return { current: figures.monthly_revenue, potential: figures.revenue_potential, gap, gap_percent: percentOf(gap, figures.revenue_potential) };
}

/** The figures now minus the figures at the start of the period (percentages in points). */
export interface OccupancyChange {
  /** The period's first day: the change is against the state as that day began. */
  since: string;
  total_offices: number;
  leased_offices: number;
  office_occupancy: number;
  desk_occupancy: number;
  monthly_revenue: number;
  revenue_potential: number;
}

export function occupancyChange(now: OccupancyFigures, then: OccupancyFigures, since: string): OccupancyChange {
  return {
    since,
    total_offices: now.total_offices - then.total_offices,
    leased_offices: now.leased_offices - then.leased_offices,
    office_occupancy: Math.round((now.office_occupancy - then.office_occupancy) * 10) / 10,
    desk_occupancy: Math.round((now.desk_occupancy - then.desk_occupancy) * 10) / 10,
    monthly_revenue: roundMoney(now.monthly_revenue - then.monthly_revenue),
    revenue_potential: roundMoney(now.revenue_potential - then.revenue_potential),
  };
}

/** Office and desk occupancy at one point in time; null where there were no offices (no line, not 0%). */
export interface OccupancyReading {
  office_occupancy: number | null;
  desk_occupancy: number | null;
}

export interface HistoryPoint extends OccupancyReading {
  /** The day the point reads (a month's last day, or the report's own day). */
  date: string;
  /** Per location, in the order of the report's locations. */
  locations: (OccupancyReading & { location_id: string })[];
}

function reading(aggregates: readonly StatusAggregate[]): OccupancyReading {
  const figures = occupancyFigures(aggregates);
  if (figures.total_offices === 0) return { office_occupancy: null, desk_occupancy: null };
  return { office_occupancy: figures.office_occupancy, desk_occupancy: figures.total_desks > 0 ? figures.desk_occupancy : null };
}

export function historyPoint(date: string, aggregates: readonly StatusAggregate[], locations: readonly { id: string }[]): HistoryPoint {
  return {
    date,
    ...reading(aggregates),
    locations: locations.map((l) => ({ location_id: l.id, ...reading(aggregates.filter((a) => a.location_id === l.id)) })),
  };
}
