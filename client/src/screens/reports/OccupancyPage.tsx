import { useMemo } from 'react';
import { Building2, DollarSign, Gauge, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { formatCurrency } from '@shared/domain/money';
import { formatPercent } from '@shared/domain/reportsFormat';
import { TREND_LABELS, type PerformanceTrend } from '@shared/domain/reportsOccupancy';
import {
  EARLIEST_REPORT_DATE,
  OCCUPANCY_PERIODS,
  OCCUPANCY_PERIOD_LABELS,
  formatReportDate,
  isCalendarDate,
  reportToday,
  type OccupancyPeriod,
} from '@shared/domain/reportsPeriods';
import { occupancyDocument, type ReportTable } from '@shared/domain/reportsTables';
import { endpoints } from '../../api/endpoints';
import { LocationBadge, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { useNow } from '../../lib/useNow';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { ExportButtons } from './ExportButtons';
import { ReportBody } from './ReportBody';
import { HistoryChart, StatusChart } from './OccupancyCharts';
import { AsOfPicker, PeriodSelect } from './ReportControls';
import { ReportTableView } from './ReportTableView';
import { ReportTiles } from './ReportTiles';
import { RoomUtilisationCard } from './RoomUtilisationCard';
import { useReport } from './useReport';
import { useReportParam } from './useReportParams';

const TREND_ICON: Record<PerformanceTrend, { icon: typeof TrendingUp; tone: string }> = {
  strong: { icon: TrendingUp, tone: 'text-emerald-600' },
  moderate: { icon: TrendingUp, tone: 'text-amber-500' },
  weak: { icon: TrendingDown, tone: 'text-red-600' },
};
const TREND_BY_LABEL = Object.fromEntries(Object.entries(TREND_LABELS).map(([trend, label]) => [label, trend as PerformanceTrend]));

/** The trend column's icon beside its words: green up, amber up, red down. */
function trendIcon(row: string[], column: number) {
  const trend = TREND_BY_LABEL[row[column] ?? ''];
  if (!trend) return null;
  const { icon: Icon, tone } = TREND_ICON[trend];
  return <Icon className={`mr-1.5 inline h-4 w-4 align-[-3px] ${tone}`} aria-hidden />;
}

const tableOf = (tables: ReportTable[], id: string) => tables.find((t) => t.id === id);

/**
 * Occupancy Reporting (/reporting): the selected location's offices and desks by status, revenue
 * and its potential, each location against the others, and occupancy over the last twelve
 * months, as of now (live) or as of a past day; Export as CSV or PDF.
 */
export default function OccupancyPage() {
  const selected = useSelectedLocation();
  const today = reportToday(useNow());
  const [period, setPeriod] = useReportParam<OccupancyPeriod>('period', (v) => (OCCUPANCY_PERIODS as readonly string[]).includes(v), 'current_month');
  const [asOf, setAsOf] = useReportParam<string>('as_of', (v) => isCalendarDate(v) && v >= EARLIEST_REPORT_DATE && v < today, '');
  const query = useMemo(() => ({ location: selected.name, period, ...(asOf ? { as_of: asOf } : {}) }), [selected.name, period, asOf]);
  const report = useReport(JSON.stringify(query), (signal) => endpoints.occupancyReport(query, signal));
  const data = report.data;
  const document = useMemo(() => (data ? occupancyDocument(data) : null), [data]);
  const tables = document?.tables ?? [];

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title="Occupancy Reports"
        subtitle={selected.location ? `Offices, desks and revenue at ${selected.location.name}` : 'Offices, desks and revenue across your locations'}
      >
        {selected.location && <LocationBadge name={selected.location.name} />}
      </PageHeader>

      <Card className="flex flex-wrap items-center gap-x-6 gap-y-3 p-3 sm:p-4">
        <PeriodSelect value={period} periods={OCCUPANCY_PERIODS} labels={OCCUPANCY_PERIOD_LABELS} onChange={setPeriod} />
        <AsOfPicker value={asOf || null} today={today} onChange={(day) => setAsOf(day)} />
        <div className="ml-auto">
          <ExportButtons report="occupancy" query={query} fallbackName="occupancy-report" />
        </div>
      </Card>

      <ReportBody report={report} failed="Failed to load the occupancy report">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="report-as-of">
          {data ? (
            <>
              <span className="font-medium text-slate-900">As of {formatReportDate(data.as_of)}</span>
              {data.live ? <Badge tone="green">Live</Badge> : <Badge tone="amber">Past day</Badge>}
              <span>
                · {data.period_label}: changes since {formatReportDate(data.change.since)}
              </span>
            </>
          ) : (
            <Skeleton className="h-4 w-72" />
          )}
        </p>

        <ReportTiles
          tiles={document?.tiles ?? null}
          icons={[<Building2 key="o" className="h-5 w-5" />, <Users key="d" className="h-5 w-5" />, <DollarSign key="r" className="h-5 w-5" />, <Gauge key="p" className="h-5 w-5" />]}
        />

        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="space-y-4 p-5">
            <h2 className="text-base font-semibold text-slate-900">Office Status Breakdown</h2>
            {data ? <StatusChart report={data} /> : <Skeleton className="h-36" />}
            {tableOf(tables, 'offices') && <ReportTableView table={tableOf(tables, 'offices')!} caption={false} />}
          </Card>
          <Card className="space-y-4 p-5">
            <h2 className="text-base font-semibold text-slate-900">Desk Utilization by Status</h2>
            {tableOf(tables, 'desks') ? <ReportTableView table={tableOf(tables, 'desks')!} caption={false} /> : <Skeleton className="h-40" />}
            {data && (
              <p className="text-sm text-slate-600">
                {data.tiles.occupied_desks.toLocaleString('en-US')} of {data.tiles.total_desks.toLocaleString('en-US')} desks are in leased offices ({formatPercent(data.tiles.desk_occupancy)}).
              </p>
            )}
          </Card>
        </div>

        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Occupancy over the last 12 months</h2>
          {/* One location's three columns sit beside the chart; every location's, under it. */}
          <div className={data?.locations ? 'space-y-6' : 'grid gap-6 xl:grid-cols-5'}>
            <figure className="xl:col-span-3" aria-label="Chart of office occupancy over the last 12 months">
              {data ? <HistoryChart report={data} /> : <Skeleton className="h-72" />}
            </figure>
            {tableOf(tables, 'history') && <ReportTableView className="xl:col-span-2" table={tableOf(tables, 'history')!} caption={false} />}
          </div>
        </Card>

        {tableOf(tables, 'locations') && (
          <Card className="p-5">
            <h2 className="mb-3 text-base font-semibold text-slate-900">Location Performance Comparison</h2>
            <ReportTableView table={tableOf(tables, 'locations')!} caption={false} decorate={(row, column) => (column === 6 ? trendIcon(row, column) : null)} />
          </Card>
        )}

        <RoomUtilisationCard figures={data?.room_utilisation ?? null} table={tableOf(tables, 'rooms') ?? null} />

        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Revenue Analysis</h2>
          {data ? (
            <div className="grid gap-6 md:grid-cols-2">
              <RevenueBar current={data.revenue.current} potential={data.revenue.potential} />
              <ReportTableView table={tableOf(tables, 'revenue')!} caption={false} />
            </div>
          ) : (
            <Skeleton className="h-24" />
          )}
        </Card>
      </ReportBody>
    </div>
  );
}

/** Current revenue as a share of the potential, with the gap named. */
function RevenueBar({ current, potential }: { current: number; potential: number }) {
  const share = potential > 0 ? Math.min(100, (current / potential) * 100) : 0;
  return (
    <div className="space-y-2">
      <div
        className="h-4 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 10) / 10}
        aria-label="Current revenue as a share of the potential"
      >
        <div className="h-full rounded-full bg-emerald-500" style={{ width: `${share}%` }} />
      </div>
      <p className="text-sm text-slate-600">
        {formatCurrency(current)} of {formatCurrency(potential)} a month ({formatPercent(Math.round(share * 10) / 10)}); {formatCurrency(Math.max(0, potential - current))} more with every vacant and pending
        office leased at its marketed rate.
      </p>
    </div>
  );
}
