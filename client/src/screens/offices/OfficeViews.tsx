import { memo } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Office } from '@shared/schemas/offices';
import { leaseEndTone, leaseTableText } from '@shared/domain/lease';
import { formatCurrency } from '@shared/domain/money';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { useElementWidth, useListVirtualizer } from '../../lib/useListVirtualizer';
import { OfficeCard } from './OfficeCard';
import { OfficeActions, type OfficeAction } from './OfficeActions';
import { LEASE_END_TEXT, StatusBadge, formatDate } from './officeUi';
import type { OfficeSort, OfficeSortKey } from './officeList';
import { SelectBox } from '../selection/SelectionContext';

interface ViewProps {
  offices: readonly Office[];
  showLocation: boolean;
  canMutate: boolean;
  now: Date;
  /** An office's latest change seen live, for the "Updated by" mark. */
  touchOf: (id: string) => Touch | undefined;
  onAction: (action: OfficeAction, office: Office) => void;
}

/** Virtualise only long lists: short ones render plainly (and fully, for find-in-page). */
const VIRTUAL_FROM = 60;

function columnsFor(width: number): number {
  if (width >= 1200) return 4;
  if (width >= 860) return 3;
  if (width >= 560) return 2;
  return 1;
}

/** The card grid: 1 to 4 columns by width; rows of cards are virtualised when the list is long. */
export function OfficeGrid({ offices, ...props }: ViewProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const columns = columnsFor(width || 1024);
  const rows = Math.ceil(offices.length / columns);
  const virtual = offices.length >= VIRTUAL_FROM;
  const { listRef, virtualizer, scrollMargin } = useListVirtualizer(virtual ? rows : 0, 400, 3);
  const gridStyle = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
  const card = (office: Office) => (
    <OfficeCard key={office.id} office={office} touch={props.touchOf(office.id)} showLocation={props.showLocation} canMutate={props.canMutate} now={props.now} onAction={props.onAction} />
  );

  return (
    <div ref={ref} data-testid="office-grid">
      {!virtual ? (
        <div className="grid gap-4" style={gridStyle}>
          {offices.map(card)}
        </div>
      ) : (
        <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0 grid gap-4 pb-4"
              style={{ ...gridStyle, transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              {offices.slice(item.index * columns, item.index * columns + columns).map(card)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Cell padding: tight enough that every column, Actions included, fits a 1440 px wide screen. */
const CELL = 'px-2 py-2.5 align-top';

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: OfficeSortKey; sort: OfficeSort | null; onSort: (key: OfficeSortKey) => void }) {
  const active = sort?.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn(CELL, 'align-bottom')}>
      <button type="button" onClick={() => onSort(sortKey)} className="inline-flex items-end gap-1 rounded text-left font-semibold uppercase hover:text-slate-900" data-sort-key={sortKey}>
        {label}
        <Icon className={cn('mb-px h-3.5 w-3.5 shrink-0', active ? 'text-brand-600' : 'text-slate-400')} aria-hidden />
      </button>
    </th>
  );
}

function PlainHeader({ label }: { label: string }) {
  return (
    <th scope="col" className={cn(CELL, 'align-bottom font-semibold')}>
      {label}
    </th>
  );
}

/** One office in the table; memoised like the grid's card, so a pushed office re-renders its own row only. */
const OfficeRow = memo(function OfficeRow({
  office,
  showLocation,
  canMutate,
  now,
  touch,
  onAction,
  measure,
  index,
}: Omit<ViewProps, 'offices' | 'touchOf'> & { office: Office; touch: Touch | undefined; measure?: (el: Element | null) => void; index?: number }) {
  const tone = leaseEndTone(office.lease_info?.end_date, now);
  const endText = leaseTableText(office.lease_info?.end_date, now);
  const rates = office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  return (
    <tr ref={measure} data-index={index} data-office-id={office.id} data-office-number={office.office_number} className="relative border-t border-slate-100 hover:bg-slate-50/60">
      <td className={cn(CELL, 'relative')}>
        <LiveAccent touch={touch} edge />
        <SelectBox id={office.id} name={`Office ${office.office_number}`} className="mr-2 align-[-2px]" />
        <Link to={`/offices/${office.id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {office.office_number}
        </Link>
        <div className="text-xs text-slate-500">{office.type}</div>
        <UpdatedBy touch={touch} className="mt-0.5" />
      </td>
      {showLocation && <td className={CELL}>{office.location_name}</td>}
      <td className={CELL}>
        <StatusBadge status={office.status} />
      </td>
      <td className={cn(CELL, 'max-w-44 break-words')}>{office.tenant ?? <span className="text-slate-500 italic">None</span>}</td>
      <td className={cn(CELL, 'tabular-nums')}>{office.desks}</td>
      <td className={cn(CELL, 'text-xs whitespace-nowrap tabular-nums')}>
        <div>{formatCurrency(rates.monthly)}</div>
        <div className="text-slate-500">{formatCurrency(rates.six_month)}</div>
        <div className="text-slate-500">{formatCurrency(rates.twelve_month)}</div>
      </td>
      <td className={cn(CELL, 'whitespace-nowrap tabular-nums')}>{office.signed_rate === null ? <span className="text-slate-400">—</span> : formatCurrency(office.signed_rate)}</td>
      <td className={cn(CELL, 'whitespace-nowrap')}>{office.lease_info?.term_months ? `${office.lease_info.term_months} mo` : <span className="text-slate-400">—</span>}</td>
      <td className={cn(CELL, 'whitespace-nowrap')}>
        {endText ? (
          <>
            <div className="text-slate-700">{formatDate(office.lease_info.end_date)}</div>
            <div className={cn('text-xs font-medium', LEASE_END_TEXT[tone])} data-lease-tone={tone}>
              {endText}
            </div>
          </>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </td>
      <td className={cn(CELL, 'tabular-nums')}>{office.contacts?.length ?? 0}</td>
      <td className={cn(CELL, 'py-2')}>
        <OfficeActions office={office} canMutate={canMutate} onAction={onAction} layout="row" />
      </td>
    </tr>
  );
});

/**
 * The list view: a sortable table; rows are virtualised when the list is long. It fits its
 * column without sideways scrolling at common desktop widths (headers and long names wrap, the
 * pricing tiers stack); narrower screens scroll it inside its card, never the page.
 */
export function OfficeTable({ offices, sort, onSort, ...props }: ViewProps & { sort: OfficeSort | null; onSort: (key: OfficeSortKey) => void }) {
  const virtual = offices.length >= VIRTUAL_FROM;
  const { listRef, virtualizer, scrollMargin } = useListVirtualizer(virtual ? offices.length : 0, 66, 10);
  const items = virtualizer.getVirtualItems();
  const columns = props.showLocation ? 11 : 10;
  const top = virtual && items.length ? items[0]!.start - scrollMargin : 0;
  const bottom = virtual && items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  const row = (office: Office, index?: number) => (
    <OfficeRow
      key={office.id}
      office={office}
      index={index}
      measure={virtual ? virtualizer.measureElement : undefined}
      touch={props.touchOf(office.id)}
      showLocation={props.showLocation}
      canMutate={props.canMutate}
      now={props.now}
      onAction={props.onAction}
    />
  );
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto" ref={listRef}>
        <table className="w-full text-left text-sm text-slate-700" data-testid="office-table">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <SortHeader label="Office" sortKey="office" sort={sort} onSort={onSort} />
              {props.showLocation && <SortHeader label="Location" sortKey="location" sort={sort} onSort={onSort} />}
              <SortHeader label="Status" sortKey="status" sort={sort} onSort={onSort} />
              <SortHeader label="Assigned Company" sortKey="company" sort={sort} onSort={onSort} />
              <SortHeader label="Desks" sortKey="desks" sort={sort} onSort={onSort} />
              {/* Break opportunities after the slashes, so the long header wraps to the figures' width. */}
              <PlainHeader label={'Pricing Tiers (Monthly/\u200b6M/\u200b12M)'} />
              <SortHeader label="Signed Rate" sortKey="signed_rate" sort={sort} onSort={onSort} />
              <PlainHeader label="Lease Term" />
              <SortHeader label="Lease End" sortKey="lease_end" sort={sort} onSort={onSort} />
              <PlainHeader label="Contacts" />
              <PlainHeader label="Actions" />
            </tr>
          </thead>
          <tbody>
            {!virtual ? (
              offices.map((office) => row(office))
            ) : (
              <>
                {top > 0 && (
                  <tr aria-hidden>
                    <td colSpan={columns} style={{ height: top, padding: 0 }} />
                  </tr>
                )}
                {items.map((item) => row(offices[item.index]!, item.index))}
                {bottom > 0 && (
                  <tr aria-hidden>
                    <td colSpan={columns} style={{ height: bottom, padding: 0 }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
