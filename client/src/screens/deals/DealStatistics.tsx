import { AlertTriangle } from 'lucide-react';
import { DEAL_STAGE_LABELS, DEAL_STAGES, isClosedStage } from '@shared/domain/deals';
import type { Deal, DealStats } from '@shared/schemas/deals';
import { LoadFailed } from '../../components/LoadFailed';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { formatCurrency, formatShare } from './dealFormat';
import { STAGE_TONE, StageBadge } from './dealUi';

const BAR: Record<string, string> = { grey: 'bg-slate-400', blue: 'bg-brand-500', purple: 'bg-violet-500', amber: 'bg-amber-500', green: 'bg-emerald-500', red: 'bg-red-500' };

/** Statistics: the spec's Pipeline Breakdown and Performance Metrics, from GET /api/deals/stats. */
export function DealStatistics({ stats, error, onRetry, deals, onOpen }: { stats: DealStats | null; error: unknown; onRetry: () => void; deals: Deal[]; onOpen: (deal: Deal) => void }) {
  if (!stats && error) return <LoadFailed title="Failed to load pipeline statistics" error={error} onRetry={onRetry} />;
  if (!stats) {
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  const most = Math.max(1, ...DEAL_STAGES.map((s) => stats.stages[s] ?? 0));
  const byId = new Map(deals.map((d) => [d.id, d]));
  const stale = stats.stale.map((id) => byId.get(id)).filter((d): d is Deal => !!d);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-5" data-testid="pipeline-breakdown">
        <h2 className="text-base font-semibold text-slate-900">Pipeline Breakdown</h2>
        <ul className="mt-4 space-y-3">
          {DEAL_STAGES.map((stage) => {
            const count = stats.stages[stage] ?? 0;
            return (
              <li key={stage} data-stage={stage}>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-700">{DEAL_STAGE_LABELS[stage]}</span>
                  <span className="text-slate-600 tabular-nums">
                    <span className="font-semibold text-slate-900" data-stage-count>
                      {count}
                    </span>{' '}
                    · {formatCurrency(stats.stage_values[stage] ?? 0)}
                  </span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <div className={cn('h-full rounded-full', BAR[STAGE_TONE[stage]])} style={{ width: `${(count / most) * 100}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="p-5" data-testid="performance-metrics">
        <h2 className="text-base font-semibold text-slate-900">Performance Metrics</h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <Metric label="Win rate" value={formatShare(stats.win_rate)} />
          <Metric label="Weighted pipeline" value={formatCurrency(stats.weighted_value)} />
          <Metric label="Total value" value={formatCurrency(stats.total_value)} />
          <Metric label="Average deal" value={formatCurrency(stats.average_deal_value)} />
        </dl>
        <table className="mt-5 w-full text-left text-sm">
          <caption className="sr-only">Conversion and time in each stage</caption>
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-1.5 font-semibold">
                Stage
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                Moves on
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                Avg days in stage
              </th>
            </tr>
          </thead>
          <tbody>
            {DEAL_STAGES.map((stage) => (
              <tr key={stage} className="border-t border-slate-100">
                <th scope="row" className="py-2 font-normal">
                  <StageBadge stage={stage} />
                </th>
                <td className="py-2 text-right tabular-nums">{isClosedStage(stage) ? '—' : formatShare(stats.conversion[stage] ?? 0)}</td>
                <td className="py-2 text-right tabular-nums">{(stats.avg_days_in_stage[stage] ?? 0).toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card className="p-5 lg:col-span-2" data-testid="stale-deals">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <AlertTriangle className="h-4 w-4 text-amber-600" aria-hidden /> Stale deals
          <span className="text-sm font-normal text-slate-500">(open, no change for 14 days)</span>
        </h2>
        {stale.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No stale deals. Every open deal moved in the last two weeks.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {stale.map((deal) => (
              <li key={deal.id}>
                <button type="button" onClick={() => onOpen(deal)} className="flex w-full items-center justify-between gap-3 py-2 text-left text-sm hover:bg-slate-50">
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{deal.deal_name}</span>
                    <span className="text-slate-500"> · {deal.company_name}</span>
                  </span>
                  <StageBadge stage={deal.stage} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
