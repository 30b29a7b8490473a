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
import { TERM_BUCKETS, type TermFigures } from '../domain/reportsTerms';
import { LocationFilterQuery } from './common';
import { OFFICE_STATUSES } from './offices';
import { answerText, str } from './strings';

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const format = z.enum(REPORT_FORMATS, { message: 'Format must be json, csv or pdf' }).default('json');

/** A past or present day on the reports' calendar (New York). */
export const AsOfDate = str('As of', 'As of must be a date (YYYY-MM-DD)')
  .refine(isCalendarDate, { message: 'As of must be a date (YYYY-MM-DD)' })
  .refine((date) => date >= EARLIEST_REPORT_DATE, { message: `As of must be on or after ${EARLIEST_REPORT_DATE}` })
  .refine((date) => date <= reportToday(new Date()), { message: 'As of cannot be in the future' });

/** A report's query: where, over which of its periods (`fallback` when none), as of which day, in what format. */
const reportQuery = <P extends readonly [string, ...string[]]>(periods: P, fallback: P[number]) =>
  z
    .object({
      location: LocationFilterQuery.shape.location,
      period: z.enum(periods, { message: `Period must be one of ${periods.join(', ')}` }).default(fallback),
      as_of: AsOfDate.optional(),
      format,
    })
    .strict();

/** GET /api/reports/occupancy?location=&period=&as_of=&format= */
export const OccupancyReportQuery = reportQuery(OCCUPANCY_PERIODS, 'current_month');
export type OccupancyReportQuery = z.input<typeof OccupancyReportQuery>;

/** GET /api/reports/term-analysis?location=&period=&as_of=&format= */
export const TermAnalysisQuery = reportQuery(TERM_PERIODS, 'current');
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

/** Booked hours ÷ open hours (utilisation: a percentage, one decimal). */
export interface UtilisationFigures {
  booked_hours: number;
  open_hours: number;
  utilisation: number;
}

/** Meeting-room utilisation over the report's period up to its day: in all, per room and per location. */
export interface RoomUtilisation extends UtilisationFigures {
  /** The days it covers (YYYY-MM-DD, both included): the period's first day to the report's day. */
  from: string;
  to: string;
  rooms: ({ room_id: string; room_number: string; location_id: string; location: string } & UtilisationFigures)[];
  locations: ({ location_id: string; location: string; rooms: number } & UtilisationFigures)[];
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
  /** Meeting rooms: booked hours ÷ open hours. */
  room_utilisation: RoomUtilisation;
}

export interface TermAnalysisReport extends ReportHeading, TermFigures {
  period: TermPeriod;
  /** The day the figures are for (YYYY-MM-DD); today for a live report. */
  as_of: string;
  /** True when the figures are the leases as they stand now (no past as_of). */
  live: boolean;
  /** The start dates a period covers; null for Current Leases and All Time. */
  range: { from: string; to: string } | null;
}

// The OpenAPI document's schemas of the two reports' JSON answers, each checked against its type.
const num = z.number();
const heading = { location: answerText(), location_id: z.uuid().nullable(), period_label: answerText(), generated_at: answerText() };
const reading = { office_occupancy: num.nullable(), desk_occupancy: num.nullable() };

const utilisation = { booked_hours: num, open_hours: num, utilisation: num };
export const OccupancyReport = z.object({
  ...heading,
  period: z.enum(OCCUPANCY_PERIODS),
  as_of: answerText(),
  live: z.boolean(),
  tiles: z.object({
    total_offices: num,
    leased_offices: num,
    total_desks: num,
    occupied_desks: num,
    office_occupancy: num,
    desk_occupancy: num,
    monthly_revenue: num,
    revenue_potential: num,
  }),
  status_breakdown: z.array(z.object({ status: z.enum(OFFICE_STATUSES), offices: num, offices_percent: num, desks: num, desks_percent: num })),
  locations: z
    .array(
      z.object({
        location_id: z.uuid(),
        location: answerText(),
        total_offices: num,
        total_desks: num,
        office_occupancy: num,
        desk_occupancy: num,
        monthly_revenue: num,
        trend: z.enum(['strong', 'moderate', 'weak']),
      }),
    )
    .nullable(),
  revenue: z.object({ current: num, potential: num, gap: num, gap_percent: num }),
  change: z.object({
    since: answerText(),
    total_offices: num,
    leased_offices: num,
    office_occupancy: num,
    desk_occupancy: num,
    monthly_revenue: num,
    revenue_potential: num,
  }),
  history: z.array(z.object({ ...reading, date: answerText(), locations: z.array(z.object({ ...reading, location_id: z.uuid() })) })),
  history_locations: z.array(z.object({ id: z.uuid(), name: answerText() })),
  room_utilisation: z.object({
    from: answerText(),
    to: answerText(),
    ...utilisation,
    rooms: z.array(z.object({ room_id: z.uuid(), room_number: answerText(), location_id: z.uuid(), location: answerText(), ...utilisation })),
    locations: z.array(z.object({ location_id: z.uuid(), location: answerText(), rooms: num, ...utilisation })),
  }),
}) satisfies z.ZodType<OccupancyReport>;

const bucketKey = z.enum(TERM_BUCKETS.map((b) => b.key) as [(typeof TERM_BUCKETS)[number]['key'], ...(typeof TERM_BUCKETS)[number]['key'][]]);
const lease = z.object({
  office_id: z.uuid(),
  office_number: answerText(),
  location_id: z.uuid(),
  location: answerText(),
  signed_rate: num,
  marketed_rate: num,
  term_months: num.nullable(),
  start_date: answerText().nullable(),
  term: num,
  bucket: bucketKey,
  variance: num,
  variance_percent: num.nullable(),
  category: z.enum(['negotiated', 'full_rate', 'premium']),
});
const count = z.object({ count: num, percent: num });

export const TermAnalysisReport = z.object({
  ...heading,
  period: z.enum(TERM_PERIODS),
  as_of: answerText(),
  live: z.boolean(),
  range: z.object({ from: answerText(), to: answerText() }).nullable(),
  tiles: z.object({ total_leased_offices: num, negotiation_rate: num, avg_monthly_savings: num, revenue_impact: num }),
  buckets: z.array(
    z.object({ bucket: bucketKey, label: answerText(), leases: num, share: num, avg_signed: num, avg_marketed: num, avg_discount: num.nullable(), monthly_impact: num }),
  ),
  negotiation: z.object({ negotiated: count, full_rate: count, premium: count, top_discounts: z.array(lease), top_premiums: z.array(lease), offices: z.array(lease) }),
  revenue_impact: z.object({
    marketed_monthly: num,
    signed_monthly: num,
    net_monthly: num,
    net_annual: num,
    discounts_monthly: num,
    premiums_monthly: num,
  }),
  opportunities: z.array(z.object({ kind: z.literal('short_term'), bucket: bucketKey, avg_discount: num, leases: num, message: answerText() })),
}) satisfies z.ZodType<TermAnalysisReport>;
