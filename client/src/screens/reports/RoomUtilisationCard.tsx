import { formatPercent } from '@shared/domain/reportsFormat';
import type { ReportTable } from '@shared/domain/reportsTables';
import type { RoomUtilisation } from '@shared/schemas/reports';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { ReportTableView } from './ReportTableView';

const hours = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The figures as report tables: per location, then per room. */
export function utilisationTables(figures: RoomUtilisation): ReportTable[] {
  return [
    {
      id: 'room-utilisation-locations',
      title: 'Meeting-room utilisation by location',
      columns: ['Location', 'Rooms', 'Booked hours', 'Open hours', 'Utilisation'],
      rows: figures.locations.map((l) => [l.location, String(l.rooms), hours(l.booked_hours), hours(l.open_hours), formatPercent(l.utilisation)]),
      empty: 'No meeting rooms.',
    },
    {
      id: 'room-utilisation-rooms',
      title: 'Meeting-room utilisation by room',
      columns: ['Room', 'Location', 'Booked hours', 'Open hours', 'Utilisation'],
      rows: figures.rooms.map((r) => [`Room ${r.room_number}`, r.location, hours(r.booked_hours), hours(r.open_hours), formatPercent(r.utilisation)]),
      empty: 'No meeting rooms.',
    },
  ];
}

/** A share as a small bar beside its figure (the words stay the table's). */
function Bar({ value }: { value: number }) {
  return (
    <span aria-hidden className="ml-2 inline-block h-1.5 w-16 overflow-hidden rounded-full bg-slate-100 align-middle">
      <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
    </span>
  );
}

/** Meeting rooms: booked hours ÷ open hours over the report's period up to its day, per location and per room. */
export function RoomUtilisationCard({ figures }: { figures: RoomUtilisation | null }) {
  const tables = figures ? utilisationTables(figures) : null;
  const share = (table: ReportTable, source: { utilisation: number }[]) => (row: string[], column: number) =>
    column === 4 ? <Bar value={source[table.rows.indexOf(row)]?.utilisation ?? 0} /> : null;
  return (
    <Card className="space-y-4 p-5" data-testid="room-utilisation">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Meeting-room utilisation</h2>
        {figures ? (
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900 tabular-nums">{formatPercent(figures.utilisation)}</span> of open hours booked ({hours(figures.booked_hours)} of{' '}
            {hours(figures.open_hours)} h), {figures.from} to {figures.to}
          </p>
        ) : (
          <Skeleton className="h-4 w-64" />
        )}
      </div>
      {figures && tables ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ReportTableView table={tables[0]!} decorate={share(tables[0]!, figures.locations)} />
          <ReportTableView table={tables[1]!} decorate={share(tables[1]!, figures.rooms)} />
        </div>
      ) : (
        <Skeleton className="h-32" />
      )}
    </Card>
  );
}
