import { z } from 'zod';
import type {
  HistoryPoint,
  LocationPerformance,
  OccupancyChange,
  OccupancyFigures,
  RevenueAnalysis,
  StatusShare,
} from '../domain/reportsOccupancy';
import {
  EARLIEST_REPORT_DATE,
  OCCUPANCY_PERIODS,
  TERM_PERIODS,
  isCalendarDate,
  reportToday,
  type OccupancyPeriod,
  type TermPeriod,
} from '../domain/reportsPeriods';
import type { TermFigures } from '../domain/reportsTerms';
import { LocationFilterQuery } from './common';
import { str } from './strings';

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const format = z.enum(REPORT_FORMATS, { message: 'Format must be json, csv or pdf' }).default('json');

/** A past or present day on the reports' calendar (New York). */
export const AsOfDate = str('As of', 'As of must be a date (YYYY-MM-DD)')
  .refine(isCalendarDate, { message: 'As of must be a date (YYYY-MM-DD)' })
  .refine((date) => date >= EARLIEST_REPORT_DATE, { message: `As of must be on or after ${EARLIEST_REPORT_DATE}` })
  .refine((date) => date <= reportToday(new Date()), { message: 'As of cannot be in the future' });

/** GET /api/reports/occupancy?location=&period=&as_of=&format= */
export const OccupancyReportQuery = z
  .object({
    location: LocationFilterQuery.shape.location,
    period: z.enum(OCCUPANCY_PERIODS, { message: `Period must be one of ${OCCUPANCY_PERIODS.join(', ')}` }).default('current_month'),
    as_of: AsOfDate.optional(),
    format,
  })
  .strict();
export type OccupancyReportQuery = z.input<typeof OccupancyReportQuery>;

/** GET /api/reports/term-analysis?location=&period=&format= */
export const TermAnalysisQuery = z
  .object({
    location: LocationFilterQuery.shape.location,
    period: z.enum(TERM_PERIODS, { message: `Period must be one of ${TERM_PERIODS.join(', ')}` }).default('current'),
    format,
  })
  .strict();
export type TermAnalysisQuery = z.input<typeof TermAnalysisQuery>;

/** What every report says about itself: where, when, over what. */
interface ReportHeading {
  /** The location's name, or 'All Locations'. */
  location: string;
  location_id: string | null;
  period_label: string;
  /** When the server computed it (ISO). */
  generated_at: string;
}

export interface OccupancyReport extends ReportHeading {
  period: OccupancyPeriod;
  /** The day the figures are for (YYYY-MM-DD); today for a live report. */
  as_of: string;
  /** True when the figures are the offices as they stand now (no past as_of). */
  live: boolean;
  tiles: OccupancyFigures;
  status_breakdown: StatusShare[];
  /** The Location Performance Comparison: All Locations only, else null. */
  locations: LocationPerformance[] | null;
  revenue: RevenueAnalysis;
  /** Against the state as the period's first day began. */
  change: OccupancyChange;
  /** Occupancy at the end of each of the eleven months before, then on the report's day; per location too. */
  history: HistoryPoint[];
  /** The locations the history names, in its order. */
  history_locations: { id: string; name: string }[];
}

export interface TermAnalysisReport extends ReportHeading, TermFigures {
  period: TermPeriod;
  /** The start dates a period covers; null for Current Leases and All Time. */
  range: { from: string; to: string } | null;
}
