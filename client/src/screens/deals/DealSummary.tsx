import { memo } from 'react';
import { Briefcase, DollarSign, Target, Trophy } from 'lucide-react';
import type { Deal, DealStats } from '@shared/schemas/deals';
import { LoadFailed } from '../../components/LoadFailed';
import { StatTile } from '../../components/ui/StatTile';
import { formatCurrency, formatShare } from './dealFormat';
import { DealStatistics } from './DealStatistics';
import { useDealStats } from './useDealStats';

// The same elements on every render: a tile whose figures did not change skips it (StatTile is memoised).
const BRIEFCASE = <Briefcase className="h-5 w-5" />;
const DOLLAR = <DollarSign className="h-5 w-5" />;
const TARGET = <Target className="h-5 w-5" />;
const TROPHY = <Trophy className="h-5 w-5" />;

/**
 * The summary tiles over the board, from GET /api/deals/stats: the only part of the page that
 * renders when a new answer arrives.
 */
export const DealSummary = memo(function DealSummary({ location, past }: { location: string; /** A past board's figures (history/), instead of the live ones. */ past?: { stats: DealStats | null } }) {
  const stats = useDealStats(location);
  const figures = past ? past.stats : stats.stats;
  return (
    <>
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatTile label="Total Deals" value={figures ? figures.total_deals : null} icon={BRIEFCASE} accent="blue" />
        <StatTile
          label="Pipeline Value"
          value={figures ? formatCurrency(figures.total_value) : null}
          icon={DOLLAR}
          accent="green"
          hint={figures ? `${formatCurrency(figures.weighted_value)} weighted` : undefined}
        />
        <StatTile label="Avg Deal Value" value={figures ? formatCurrency(figures.average_deal_value) : null} icon={TARGET} accent="purple" />
        <StatTile
          label="Win Rate"
          value={figures ? formatShare(figures.win_rate) : null}
          icon={TROPHY}
          accent="amber"
          hint={figures ? `${figures.stages.agreement_signed ?? 0} won · ${figures.stages.close_lost ?? 0} lost` : undefined}
        />
      </section>
      {!past && stats.error !== null && <LoadFailed compact title="Failed to load pipeline statistics" error={stats.error} onRetry={stats.retry} />}
    </>
  );
});

/** The Statistics view, with the same figures. */
export function DealStatisticsView({ location, deals, onOpen, past }: { location: string; deals: Deal[]; onOpen: (deal: Deal) => void; past?: { stats: DealStats | null } }) {
  const stats = useDealStats(location);
  if (past) return <DealStatistics stats={past.stats} error={null} onRetry={stats.retry} deals={deals} onOpen={onOpen} />;
  return <DealStatistics stats={stats.stats} error={stats.error} onRetry={stats.retry} deals={deals} onOpen={onOpen} />;
}
