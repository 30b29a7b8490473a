import { memo, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './Card';
import { Skeleton } from './Skeleton';

const accents = {
  green: 'bg-emerald-50 text-emerald-700',
  blue: 'bg-brand-50 text-brand-700',
  amber: 'bg-amber-50 text-amber-700',
  grey: 'bg-slate-100 text-slate-600',
  purple: 'bg-violet-50 text-violet-700',
  red: 'bg-red-50 text-red-700',
} as const;

/**
 * A summary figure: label, value, and an icon in a tinted square. A null value is still loading: no
 * figure yet, not 0. Memoised: a tile whose figures did not change skips the render of its page.
 */
export const StatTile = memo(function StatTile({
  label,
  value,
  icon,
  accent = 'blue',
  hint,
  compact = false,
}: {
  label: string;
  value: ReactNode | null;
  icon: ReactNode;
  accent?: keyof typeof accents;
  hint?: ReactNode;
  /** Smaller, for a row of six on a laptop: the label wraps rather than being cut. */
  compact?: boolean;
}) {
  return (
    <Card className={cn('flex items-center', compact ? 'gap-2.5 px-3 py-2.5' : 'gap-3 p-4')} data-stat={label}>
      <div
        className={cn('hidden shrink-0 items-center justify-center rounded-lg sm:flex', compact ? 'h-8 w-8' : 'h-10 w-10', accents[accent])}
        aria-hidden
      >
        {icon}
      </div>
      <div className="min-w-0">
        <p className={cn('text-xs font-medium tracking-wide text-slate-500 uppercase', compact ? 'leading-tight' : 'truncate')}>{label}</p>
        {value === null ? (
          <Skeleton className="mt-1 h-6 w-16" />
        ) : (
          <p className={cn('truncate font-semibold text-slate-900 tabular-nums', compact ? 'text-lg leading-snug' : 'text-xl')} data-stat-value>
            {value}
          </p>
        )}
        {/* The hint wraps rather than being cut: its breakdown ("8 on notice") is the point of it. */}
        {hint && (
          <p className="text-xs text-slate-500" data-stat-hint>
            {hint}
          </p>
        )}
      </div>
    </Card>
  );
});
