import { useMemo, useState } from 'react';
import { Building2, DollarSign, Handshake, Lightbulb, Percent } from 'lucide-react';
import {
  EARLIEST_REPORT_DATE,
  TERM_PERIODS,
  TERM_PERIOD_LABELS,
  formatReportDate,
  isCalendarDate,
  reportToday,
  type TermPeriod,
} from '@shared/domain/reportsPeriods';
import { termDocument, type ReportTable } from '@shared/domain/reportsTables';
import { endpoints } from '../../api/endpoints';
import { LocationBadge, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { Tabs } from '../../components/ui/Tabs';
import { useNow } from '../../lib/useNow';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { ExportButtons } from './ExportButtons';
import { ReportBody } from './ReportBody';
import { AsOfPicker, PeriodSelect } from './ReportControls';
import { ReportTableView } from './ReportTableView';
import { ReportTiles } from './ReportTiles';
import { DiscountChart } from './TermChart';
import { useReport } from './useReport';
import { useReportParam } from './useReportParams';

type Tab = 'terms' | 'negotiation' | 'impact' | 'opportunities';
const TABS: { key: Tab; label: string; tables: string[] }[] = [
  { key: 'terms', label: 'Term Breakdown', tables: ['buckets'] },
  { key: 'negotiation', label: 'Negotiation Analysis', tables: ['negotiation', 'top_discounts', 'top_premiums', 'offices'] },
  { key: 'impact', label: 'Revenue Impact', tables: ['impact'] },
  { key: 'opportunities', label: 'Opportunities', tables: ['opportunities'] },
];

/**
 * Term vs Rate Analysis (/term-analysis): signed rates against marketed rates by lease term for
 * the chosen leases (current, started this quarter or year, or every lease ever), in four tabs,
 * as of now (live) or as of a past day; Export as CSV or PDF.
 */
export default function TermAnalysisPage() {
  const selected = useSelectedLocation();
  const [period, setPeriod] = useReportParam<TermPeriod>('period', (v) => (TERM_PERIODS as readonly string[]).includes(v), 'current');
  const today = reportToday(useNow());
  const [asOf, setAsOf] = useReportParam<string>('as_of', (v) => isCalendarDate(v) && v >= EARLIEST_REPORT_DATE && v < today, '');
  const [tab, setTab] = useState<Tab>('terms');
  const query = useMemo(() => ({ location: selected.name, period, ...(asOf ? { as_of: asOf } : {}) }), [selected.name, period, asOf]);
  const report = useReport(JSON.stringify(query), (signal) => endpoints.termAnalysis(query, signal));
  const data = report.data;
  const document = useMemo(() => (data ? termDocument(data) : null), [data]);
  const byId = (id: string): ReportTable | undefined => document?.tables.find((t) => t.id === id);

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title="Term vs Rate Analysis"
        subtitle={selected.location ? `Signed rates against marketed rates at ${selected.location.name}` : 'Signed rates against marketed rates across your locations'}
      >
        {selected.location && <LocationBadge name={selected.location.name} />}
      </PageHeader>

      <Card className="flex flex-wrap items-center gap-x-6 gap-y-3 p-3 sm:p-4">
        <PeriodSelect value={period} periods={TERM_PERIODS} labels={TERM_PERIOD_LABELS} onChange={setPeriod} />
        <AsOfPicker value={asOf || null} today={today} onChange={(day) => setAsOf(day)} />
        <p className="text-sm text-slate-600" data-testid="report-period">
          {data &&
            (data.range
              ? `Leases starting ${formatReportDate(data.range.from)} to ${formatReportDate(data.range.to)}`
              : data.period === 'current'
                ? 'Offices leased now at a signed rate above $0'
                : 'Every lease ever in force, with its terms as they last stood')}
        </p>
        <div className="ml-auto">
          <ExportButtons report="term-analysis" query={query} fallbackName="term-analysis" />
        </div>
      </Card>

      <ReportBody report={report} failed="Failed to load the term analysis">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="report-as-of">
          {data ? (
            <>
              <span className="font-medium text-slate-900">As of {formatReportDate(data.as_of)}</span>
              {data.live ? <Badge tone="green">Live</Badge> : <Badge tone="amber">Past day</Badge>}
            </>
          ) : (
            <Skeleton className="h-4 w-40" />
          )}
        </p>
        <ReportTiles
          tiles={document?.tiles ?? null}
          icons={[<Building2 key="l" className="h-5 w-5" />, <Handshake key="n" className="h-5 w-5" />, <Percent key="s" className="h-5 w-5" />, <DollarSign key="i" className="h-5 w-5" />]}
        />
        <Card className="p-5">
          <Tabs tabs={TABS} value={tab} onChange={setTab} label="Analysis">
            {!data ? (
              <Skeleton className="h-64" />
            ) : tab === 'terms' ? (
              <div className="space-y-6">
                <figure aria-label="Chart of the average discount by lease term" className="max-w-3xl">
                  <DiscountChart report={data} />
                </figure>
                <ReportTableView table={byId('buckets')!} />
              </div>
            ) : tab === 'opportunities' ? (
              <Opportunities table={byId('opportunities')!} />
            ) : (
              <div className="space-y-8">
                {TABS.find((t) => t.key === tab)!.tables.map((id) => (
                  <ReportTableView key={id} table={byId(id)!} />
                ))}
              </div>
            )}
          </Tabs>
        </Card>
      </ReportBody>
    </div>
  );
}

/** Each flagged opportunity as a card; the rule's own words when none is. */
function Opportunities({ table }: { table: ReportTable }) {
  if (table.rows.length === 0) return <p className="text-sm text-slate-600">{table.empty}</p>;
  return (
    <ul className="space-y-3" aria-label={table.title}>
      {table.rows.map(([title, detail]) => (
        <li key={title} className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <Lightbulb className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
          <div>
            <p className="font-semibold text-amber-900">{title}</p>
            <p className="text-sm text-amber-900">{detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
