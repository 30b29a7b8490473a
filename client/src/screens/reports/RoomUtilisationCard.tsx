import { formatPercent } from '@shared/domain/reportsFormat';
import type { ReportTable } from '@shared/domain/reportsTables';
import type { RoomUtilisation } from '@shared/schemas/reports';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { ReportTableView } from './ReportTableView';

const hours = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A share as a small bar beside its figure (the words stay the table's, as the exports write them). */
function Bar({ value }: { value: number }) {
  return (
    <span aria-hidden className="ml-2 inline-block h-1.5 w-16 overflow-hidden rounded-full bg-slate-100 align-middle">
      <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
    </span>
  );
}

const UTILISATION = 4;

/**
 * Meeting rooms: booked hours ÷ open hours over the report's period up to its day, per room and
 * per location, as the report's 'rooms' table (the one the CSV and PDF carry).
 */
export function RoomUtilisationCard({ figures, table }: { figures: RoomUtilisation | null; table: ReportTable | null }) {
  return (
    <Card className="space-y-4 p-5" data-testid="room-utilisation">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Meeting-room utilisation</h2>
        {figures ? (
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900 tabular-nums">{formatPercent(figures.utilisation)}</span> of open hours booked ({hours(figures.booked_hours)} of{' '}
            {hours(figures.open_hours)} h)
          </p>
        ) : (
          <Skeleton className="h-4 w-64" />
        )}
      </div>
      {table ? (
        <ReportTableView table={table} decorate={(row, column) => (column === UTILISATION ? <Bar value={Number.parseFloat(row[column] ?? '') || 0} /> : null)} />
      ) : (
        <Skeleton className="h-32" />
      )}
    </Card>
  );
}
