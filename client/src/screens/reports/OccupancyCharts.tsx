import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { OFFICE_STATUSES } from '@shared/schemas/offices';
import { formatMonth, formatReportDate } from '@shared/domain/reportsPeriods';
import { OFFICE_STATUS_LABELS } from '@shared/domain/reportsTables';
import type { OccupancyReport } from '@shared/schemas/reports';
import { AXIS, LINE_COLORS, STATUS_COLORS, TOTAL_COLOR, percentText } from './chartStyle';

/**
 * Office occupancy at each month's end and on the report's day: one line per location under All
 * Locations (the total in ink), office and desk occupancy for one location. A month without
 * offices has no point rather than 0%.
 */
export function HistoryChart({ report }: { report: OccupancyReport }) {
  const all = report.locations !== null;
  const last = report.history.length - 1;
  const data = report.history.map((point, i) => ({
    label: i === last ? formatReportDate(point.date).replace(/, \d{4}$/, '') : formatMonth(point.date),
    total: point.office_occupancy,
    desks: point.desk_occupancy,
    ...Object.fromEntries(point.locations.map((l) => [l.location_id, l.office_occupancy])),
  }));
  const lines = all
    ? [
        { key: 'total', name: 'All Locations', color: TOTAL_COLOR, width: 3 },
        ...report.history_locations.map((l, i) => ({ key: l.id, name: l.name, color: LINE_COLORS[i % LINE_COLORS.length]!, width: 1.5 })),
      ]
    : [
        { key: 'total', name: 'Office occupancy', color: LINE_COLORS[0]!, width: 2.5 },
        { key: 'desks', name: 'Desk occupancy', color: LINE_COLORS[1]!, width: 2 },
      ];
  return (
    <LineChart
      responsive
      width="100%"
      height={300}
      data={data}
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      title="Office occupancy, last 12 months"
      desc={`Office occupancy at the end of each month up to ${formatReportDate(report.as_of)}, ${all ? 'per location' : `at ${report.location}`}. The table beside it has every figure.`}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
      <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS} width={44} />
      <Tooltip formatter={percentText} />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {lines.map((line) => (
        <Line key={line.key} type="monotone" dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={line.width} dot={{ r: 2 }} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}

/** Offices and desks by status, each a bar of 100% stacked by status; the counts are in the tables beside. */
export function StatusChart({ report }: { report: OccupancyReport }) {
  const row = (name: string, pick: 'offices_percent' | 'desks_percent') => ({
    name,
    ...Object.fromEntries(report.status_breakdown.map((s) => [s.status, s[pick]])),
  });
  return (
    <BarChart
      responsive
      width="100%"
      height={150}
      layout="vertical"
      data={[row('Offices', 'offices_percent'), row('Desks', 'desks_percent')]}
      margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      title="Offices and desks by status"
      desc="The share of offices and of desks in each status, in percent."
    >
      <XAxis type="number" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS} />
      <YAxis type="category" dataKey="name" tick={AXIS} width={60} />
      <Tooltip formatter={percentText} />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {OFFICE_STATUSES.map((status) => (
        <Bar key={status} dataKey={status} name={OFFICE_STATUS_LABELS[status]} stackId="status" fill={STATUS_COLORS[status]} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}
