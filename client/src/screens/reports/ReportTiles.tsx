import type { ReactNode } from 'react';
import type { ReportTile } from '@shared/domain/reportsTables';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';

const accents = ['bg-emerald-50 text-emerald-700', 'bg-brand-50 text-brand-700', 'bg-violet-50 text-violet-700', 'bg-amber-50 text-amber-700'];

/** The report's summary figures, as the exports word them; skeletons until the first load. */
export function ReportTiles({ tiles, icons, count = 4 }: { tiles: ReportTile[] | null; icons: ReactNode[]; count?: number }) {
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {(tiles ?? Array.from({ length: count }, () => null)).map((tile, i) => (
        <Card key={tile?.label ?? i} className="flex items-start gap-3 p-4" data-stat={tile?.label}>
          <div className={cn('hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg sm:flex', accents[i % accents.length])} aria-hidden>
            {icons[i]}
          </div>
          {tile ? (
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{tile.label}</p>
              <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-stat-value>
                {tile.value}
              </p>
              <p className="text-xs text-slate-600">{tile.detail}</p>
              {tile.change && <p className={cn('mt-0.5 text-xs font-medium', changeTone(tile.change))}>{tile.change}</p>}
            </div>
          ) : (
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-7 w-20" />
              <Skeleton className="h-3 w-32" />
            </div>
          )}
        </Card>
      ))}
    </section>
  );
}

const changeTone = (change: string) => (change.startsWith('up') ? 'text-emerald-700' : change.startsWith('down') ? 'text-red-700' : 'text-slate-500');
