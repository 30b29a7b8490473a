import { memo } from 'react';
import { Building2, CalendarClock, DollarSign, Layers, MapPin, Contact, Sun, Square, Users } from 'lucide-react';
import type { Office } from '@shared/schemas/offices';
import { leaseCardText, leaseState } from '@shared/domain/lease';
import { formatCurrency, formatCurrencyDelta } from '@shared/domain/money';
import { signedVsMarketed } from '@shared/domain/officeFigures';
import { Badge } from '../../components/ui/Badge';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { plural } from '../../lib/plural';
import { OfficeActions, type OfficeAction } from './OfficeActions';
import { StatusBadge, formatDate } from './officeUi';
import { SelectBox } from '../selection/SelectionContext';

export interface OfficeCardProps {
  office: Office;
  showLocation: boolean;
  canMutate: boolean;
  now: Date;
  /** The office's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  onAction: (action: OfficeAction, office: Office) => void;
}

const LEASE_TONE = { 'No lease': 'grey', Upcoming: 'purple', Active: 'green', Expired: 'red' } as const;

/** One office in the grid: everything the spec lists, and five actions. */
export const OfficeCard = memo(function OfficeCard({ office, showLocation, canMutate, now, touch, onAction }: OfficeCardProps) {
  const state = leaseState(office.lease_info ?? { start_date: null, end_date: null }, now);
  const remaining = leaseCardText(office.lease_info?.end_date, now);
  const rates = office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  const difference = signedVsMarketed(office.signed_rate, rates.monthly);
  return (
    <Card className="relative flex h-full flex-col" data-office-id={office.id} data-office-number={office.office_number} data-testid="office-card">
      <LiveAccent touch={touch} className="rounded-xl" />
      <div className="flex items-start justify-between gap-2 px-4 pt-3 pb-1.5">
        <div className="flex min-w-0 items-start gap-2.5">
          <SelectBox id={office.id} name={`Office ${office.office_number}`} className="mt-1 shrink-0" />
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-slate-500">{office.type}</p>
            <h3 className="truncate text-base leading-snug font-semibold text-slate-900">Office {office.office_number}</h3>
          </div>
        </div>
        <StatusBadge status={office.status} />
      </div>
      <div className="flex-1 space-y-2 px-4 pb-3 text-sm text-slate-700">
        {showLocation && (
          <p className="flex items-center gap-2">
            <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            <span className="truncate">{office.location_name}</span>
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="flex items-center gap-1.5">
            <Users className="h-4 w-4 text-slate-400" aria-hidden />
            {plural(office.desks, 'desk')}
          </span>
          <span className="flex items-center gap-1.5">
            <Layers className="h-4 w-4 text-slate-400" aria-hidden />
            Floor {office.floor}
          </span>
          <span className="flex items-center gap-1.5">
            {office.windowed ? <Sun className="h-4 w-4 text-amber-500" aria-hidden /> : <Square className="h-4 w-4 text-slate-400" aria-hidden />}
            {office.windowed ? 'Windowed' : 'Interior'}
          </span>
        </div>
        <p className="flex items-center gap-2">
          <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {office.tenant ? <span className="truncate font-medium text-slate-900">{office.tenant}</span> : <span className="text-slate-500 italic">No company assigned</span>}
        </p>
        <div className="rounded-lg bg-slate-50 px-3 py-1.5">
          <div className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
              <CalendarClock className="h-3.5 w-3.5" aria-hidden /> Lease
            </span>
            <Badge tone={LEASE_TONE[state]}>{state}</Badge>
          </div>
          {state !== 'No lease' ? (
            <>
              <p className="mt-0.5 text-xs text-slate-600">
                {formatDate(office.lease_info.start_date)} – {formatDate(office.lease_info.end_date)}
                {office.lease_info.term_months ? ` · ${office.lease_info.term_months} mo` : ''}
              </p>
              {remaining && <p className={cn('text-xs font-medium', state === 'Expired' ? 'text-red-700' : 'text-slate-700')}>{remaining}</p>}
            </>
          ) : (
            <p className="mt-0.5 text-xs text-slate-500">No lease on file</p>
          )}
        </div>
        {/* The three marketed rates on one line: label above figure would cost the card a row. */}
        <dl className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs">
          {(
            [
              ['Monthly', rates.monthly],
              ['6M', rates.six_month],
              ['12M', rates.twelve_month],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex items-baseline gap-1">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatCurrency(value)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-1.5 text-slate-600">
            <DollarSign className="h-4 w-4 text-slate-400" aria-hidden />
            Signed: <span className="font-semibold text-slate-900 tabular-nums">{office.signed_rate === null ? '—' : formatCurrency(office.signed_rate)}</span>
          </span>
          {difference !== null && (
            <span
              className={cn('text-xs font-medium tabular-nums', difference > 0 ? 'text-emerald-700' : difference < 0 ? 'text-red-700' : 'text-slate-500')}
              title="Signed rate against the monthly marketed rate"
            >
              {formatCurrencyDelta(difference)} vs monthly
            </span>
          )}
        </div>
      </div>
      <div className="space-y-1.5 border-t border-slate-100 px-3 py-2">
        <div className="flex items-center justify-between gap-2">
          <span className="flex items-center gap-1.5 text-xs text-slate-500">
            <Contact className="h-3.5 w-3.5" aria-hidden />
            {office.contacts?.length ?? 0} {(office.contacts?.length ?? 0) === 1 ? 'contact' : 'contacts'}
          </span>
          <UpdatedBy touch={touch} className="min-w-0 truncate" />
        </div>
        <OfficeActions office={office} canMutate={canMutate} onAction={onAction} />
      </div>
    </Card>
  );
});
