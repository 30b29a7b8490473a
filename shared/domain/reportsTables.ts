/**
 * A report as the screen words it: a heading and titled tables of display text. The screen
 * renders these tables, and the CSV and PDF exports write the same ones, so a download holds
 * exactly what the screen shows. Pure.
 */
import type { OfficeStatus } from '../schemas/offices';
import type { OccupancyReport, TermAnalysisReport } from '../schemas/reports';
import { formatCurrency } from './money';
import { TREND_LABELS } from './reportsOccupancy';
import { formatChange, formatDiscount, formatPercent, formatVariance, formatVariancePercent } from './reportsFormat';
import { REPORT_TIME_ZONE, formatReportDate } from './reportsPeriods';
import { RATE_CATEGORY_LABELS, SHORT_TERM_DISCOUNT_THRESHOLD, TOP_OFFICES, TOP_VARIANCE_SHOWN, type LeaseVariance } from './reportsTerms';

export interface ReportTable {
  /** Stable key, for the screen to place and decorate a table. */
  id: string;
  title: string;
  columns: string[];
  rows: string[][];
  /** Said instead of the rows when there are none. */
  empty?: string;
}

/** A summary figure: its label, value, what it counts, and how it moved in the period. */
export interface ReportTile {
  label: string;
  value: string;
  detail: string;
  /** 'up 2.1 pts since Mar 1, 2025'; null where a report has no period start. */
  change: string | null;
}

export interface ReportDocument {
  title: string;
  /** Label and value lines under the title: location, period, as of. */
  heading: [string, string][];
  tiles: ReportTile[];
  tables: ReportTable[];
}

/** Figures read right-aligned, on screen and on paper: a column whose cells start with a digit, a dollar sign or a dash. */
export const isFigureColumn = (table: ReportTable, column: number) =>
  column > 0 && table.rows.length > 0 && table.rows.every((row) => /^[\d$—]/.test(row[column] ?? ''));

export const OFFICE_STATUS_LABELS: Record<OfficeStatus, string> = { LEASED: 'Leased', VACANT: 'Vacant', PENDING: 'Pending', UNAVAILABLE: 'Unavailable' };

const count = (n: number) => n.toLocaleString('en-US');
const generated = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: REPORT_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }) + ' ET';

/** Hours with at most one decimal (12.5). */
const hours = (value: number) => (Math.round(value * 10) / 10).toLocaleString('en-US');

export function occupancyDocument(report: OccupancyReport): ReportDocument {
  const { tiles, change, revenue } = report;
  const since = ` since ${formatReportDate(change.since)}`;
  const all = report.locations !== null;
  const tables: ReportTable[] = [
    {
      id: 'offices',
      title: 'Office Status Breakdown',
      columns: ['Status', 'Offices', 'Percent'],
      rows: [
        ...report.status_breakdown.map((s) => [OFFICE_STATUS_LABELS[s.status], count(s.offices), formatPercent(s.offices_percent)]),
        ['Total', count(tiles.total_offices), formatPercent(tiles.total_offices > 0 ? 100 : 0)],
      ],
    },
    {
      id: 'desks',
      title: 'Desk Utilization by Status',
      columns: ['Status', 'Desks', 'Percent'],
      rows: [
        ...report.status_breakdown.map((s) => [OFFICE_STATUS_LABELS[s.status], count(s.desks), formatPercent(s.desks_percent)]),
        ['Total', count(tiles.total_desks), formatPercent(tiles.total_desks > 0 ? 100 : 0)],
      ],
    },
  ];
  if (report.locations) {
    tables.push({
      id: 'locations',
      title: 'Location Performance Comparison',
      columns: ['Location', 'Total Offices', 'Total Desks', 'Office Occupancy', 'Desk Occupancy', 'Monthly Revenue', 'Trend'],
      rows: report.locations.map((l) => [
        l.location,
        count(l.total_offices),
        count(l.total_desks),
        formatPercent(l.office_occupancy),
        formatPercent(l.desk_occupancy),
        formatCurrency(l.monthly_revenue),
        TREND_LABELS[l.trend],
      ]),
      empty: 'No locations to compare.',
    });
  }
  tables.push(
    {
      id: 'revenue',
      title: 'Revenue Analysis',
      columns: ['Measure', 'Amount'],
      rows: [
        ['Current Monthly Revenue', formatCurrency(revenue.current)],
        ['Revenue Potential', formatCurrency(revenue.potential)],
        ['Revenue Gap', formatCurrency(revenue.gap)],
        ['Gap, share of potential', formatPercent(revenue.gap_percent)],
      ],
    },
    {
      id: 'history',
      title: 'Office Occupancy, Last 12 Months',
      columns: all ? ['Date', 'All Locations', ...report.history_locations.map((l) => l.name)] : ['Date', 'Office Occupancy', 'Desk Occupancy'],
      rows: report.history.map((p) =>
        all
          ? [formatReportDate(p.date), formatPercent(p.office_occupancy), ...p.locations.map((l) => formatPercent(l.office_occupancy))]
          : [formatReportDate(p.date), formatPercent(p.office_occupancy), formatPercent(p.desk_occupancy)],
      ),
    },
    {
      id: 'rooms',
      title: `Meeting Room Utilization, ${formatReportDate(report.room_utilisation.from)} to ${formatReportDate(report.room_utilisation.to)}`,
      columns: ['Location', 'Room', 'Booked Hours', 'Open Hours', 'Utilization'],
      rows: [
        ...report.room_utilisation.rooms.map((r) => [r.location, `Room ${r.room_number}`, hours(r.booked_hours), hours(r.open_hours), formatPercent(r.utilisation)]),
        ...report.room_utilisation.locations.map((l) => [l.location, `All ${count(l.rooms)} rooms`, hours(l.booked_hours), hours(l.open_hours), formatPercent(l.utilisation)]),
      ],
      empty: 'No meeting rooms.',
    },
  );
  return {
    title: 'Occupancy Report',
    tiles: [
      {
        label: 'Office Occupancy',
        value: formatPercent(tiles.office_occupancy),
        detail: `${count(tiles.leased_offices)} of ${count(tiles.total_offices)} offices leased`,
        change: formatChange(change.office_occupancy, 'points') + since,
      },
      {
        label: 'Desk Occupancy',
        value: formatPercent(tiles.desk_occupancy),
        detail: `${count(tiles.occupied_desks)} of ${count(tiles.total_desks)} desks occupied`,
        change: formatChange(change.desk_occupancy, 'points') + since,
      },
      {
        label: 'Monthly Revenue',
        value: formatCurrency(tiles.monthly_revenue),
        detail: 'Signed rates of leased offices',
        change: formatChange(change.monthly_revenue, 'currency') + since,
      },
      {
        label: 'Revenue Potential',
        value: formatCurrency(tiles.revenue_potential),
        detail: 'Vacant and pending at marketed rates',
        change: formatChange(change.revenue_potential, 'currency') + since,
      },
    ],
    heading: [
      ['Location', report.location],
      ['Period', report.period_label],
      ['As of', report.live ? `${formatReportDate(report.as_of)} (live)` : formatReportDate(report.as_of)],
      ['Generated', generated(report.generated_at)],
    ],
    tables,
  };
}

const term = (lease: LeaseVariance) => (lease.term_months === null ? `${lease.term} months (none set)` : `${lease.term} months`);
const leaseColumns = ['Office', 'Location', 'Term', 'Marketed Rate', 'Signed Rate', 'Variance', 'Variance %'];
const leaseRow = (lease: LeaseVariance) => [
  lease.office_number,
  lease.location,
  term(lease),
  formatCurrency(lease.marketed_rate),
  formatCurrency(lease.signed_rate),
  formatVariance(lease.variance),
  formatVariancePercent(lease.variance_percent),
];

export function termDocument(report: TermAnalysisReport): ReportDocument {
  const { tiles, negotiation: n, revenue_impact: impact } = report;
  const range = report.range ? `${report.period_label} (leases starting ${formatReportDate(report.range.from)} to ${formatReportDate(report.range.to)})` : report.period_label;
  return {
    title: 'Term vs Rate Analysis',
    tiles: [
      { label: 'Total Leased Offices', value: count(tiles.total_leased_offices), detail: 'Leased at a signed rate above $0', change: null },
      { label: 'Negotiation Rate', value: formatPercent(tiles.negotiation_rate), detail: `${count(n.negotiated.count)} below the marketed rate`, change: null },
      { label: 'Avg Monthly Savings', value: formatCurrency(tiles.avg_monthly_savings), detail: 'Per negotiated lease', change: null },
      { label: 'Revenue Impact', value: formatVariance(tiles.revenue_impact), detail: 'Per month, against marketed rates', change: null },
    ],
    heading: [
      ['Location', report.location],
      ['Period', range],
      ['As of', report.live ? `${formatReportDate(report.as_of)} (live)` : formatReportDate(report.as_of)],
      ['Generated', generated(report.generated_at)],
    ],
    tables: [
      {
        id: 'buckets',
        title: 'Term Breakdown',
        columns: ['Term', 'Leases', 'Share', 'Avg Signed Rate', 'Avg Marketed Rate', 'Avg Discount', 'Monthly Impact'],
        rows: report.buckets.map((b) => [
          b.label,
          count(b.leases),
          formatPercent(b.share),
          b.leases ? formatCurrency(b.avg_signed) : '—',
          b.leases ? formatCurrency(b.avg_marketed) : '—',
          formatDiscount(b.avg_discount),
          formatVariance(b.monthly_impact),
        ]),
      },
      {
        id: 'negotiation',
        title: 'Negotiation Analysis',
        columns: ['Category', 'Leases', 'Percent'],
        rows: (['negotiated', 'full_rate', 'premium'] as const).map((c) => [RATE_CATEGORY_LABELS[c], count(n[c].count), formatPercent(n[c].percent)]),
      },
      {
        id: 'top_discounts',
        title: 'Largest Discounts',
        columns: leaseColumns,
        rows: n.top_discounts.slice(0, TOP_VARIANCE_SHOWN).map(leaseRow),
        empty: 'No lease is below its marketed rate.',
      },
      {
        id: 'top_premiums',
        title: 'Largest Premiums',
        columns: leaseColumns,
        rows: n.top_premiums.slice(0, TOP_VARIANCE_SHOWN).map(leaseRow),
        empty: 'No lease is above its marketed rate.',
      },
      {
        id: 'offices',
        title: `Top ${n.offices.length || TOP_OFFICES} Offices by Variance`,
        columns: [...leaseColumns, 'Category'],
        rows: n.offices.map((l) => [...leaseRow(l), RATE_CATEGORY_LABELS[l.category]]),
        empty: 'No leases in this period.',
      },
      {
        id: 'impact',
        title: 'Revenue Impact',
        columns: ['Measure', 'Amount'],
        rows: [
          ['Marketed rates, per month', formatCurrency(impact.marketed_monthly)],
          ['Signed rates, per month', formatCurrency(impact.signed_monthly)],
          ['Net impact, per month', formatVariance(impact.net_monthly)],
          ['Net impact, per year', formatVariance(impact.net_annual)],
          ['Discounts given, per month', formatCurrency(impact.discounts_monthly)],
          ['Premiums earned, per month', formatCurrency(impact.premiums_monthly)],
        ],
      },
      {
        id: 'opportunities',
        title: 'Opportunities',
        columns: ['Opportunity', 'Detail'],
        rows: report.opportunities.map((o) => ['Short-term pricing', o.message]),
        empty: `No opportunities flagged: the 1-3 month leases average a discount of ${SHORT_TERM_DISCOUNT_THRESHOLD.toFixed(1)}% or less.`,
      },
    ],
  };
}
