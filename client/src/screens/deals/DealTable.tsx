import { memo } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil } from 'lucide-react';
import type { Deal } from '@shared/schemas/deals';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import type { Touch } from '../../live/collection';
import { cn } from '../../lib/cn';
import { useListVirtualizer } from '../../lib/useListVirtualizer';
import { staleDays } from './boardModel';
import { formatCurrency, formatProbability } from './dealFormat';
import type { DealSort, DealSortKey } from './dealList';
import { StageBadge } from './dealUi';
import { SelectBox } from '../selection/SelectionContext';

const CELL = 'px-3 py-2.5 align-top';
/** Short lists render whole; long ones only the rows near the viewport. */
const VIRTUAL_FROM = 40;

interface TableProps {
  deals: Deal[];
  canEdit: boolean;
  now: Date;
  touched: Readonly<Record<string, Touch>>;
  sort: DealSort | null;
  onSort: (key: DealSortKey) => void;
  onOpen: (deal: Deal) => void;
  onEdit: (deal: Deal) => void;
}

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: DealSortKey; sort: DealSort | null; onSort: (key: DealSortKey) => void }) {
  const active = sort?.key === sortKey;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className="px-3 py-2.5 font-semibold" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(sortKey)} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
        {label}
        <Icon className={cn('h-3.5 w-3.5', active ? 'text-brand-600' : 'text-slate-400')} aria-hidden />
      </button>
    </th>
  );
}

const DealRow = memo(function DealRow({
  deal,
  canEdit,
  now,
  touch,
  onOpen,
  onEdit,
  measure,
  index,
}: Omit<TableProps, 'deals' | 'touched' | 'sort' | 'onSort'> & { deal: Deal; touch: Touch | undefined; measure?: (el: Element | null) => void; index?: number }) {
  const stale = staleDays(deal, now);
  return (
    <tr
      ref={measure}
      data-index={index}
      data-deal-id={deal.id}
      data-testid="deal-row"
      className="cursor-pointer border-t border-slate-100 hover:bg-slate-50/70"
      onClick={() => onOpen(deal)}
    >
      <td className={cn(CELL, 'relative')}>
        <LiveAccent touch={touch} edge />
        <SelectBox id={deal.id} name={deal.deal_name} className="mr-2 align-[-2px]" />
        {/* The name opens the dialog from the keyboard too, as a click anywhere on the row does. */}
        <button
          type="button"
          className="text-left font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(deal);
          }}
        >
          {deal.deal_name}
        </button>
        <div className="text-xs text-slate-500">{deal.location_name}</div>
        {stale !== null && <div className="text-xs font-medium text-amber-700">stale {stale} days</div>}
        <UpdatedBy touch={touch} className="mt-0.5" unnamed={deal.signed_by ? 'hide' : undefined} />
      </td>
      <td className={CELL}>{deal.company_name}</td>
      <td className={CELL}>
        <div className="text-slate-900">{deal.contact?.name}</div>
        <div className="text-xs break-all text-slate-500">{deal.contact?.email}</div>
      </td>
      <td className={CELL}>
        <StageBadge stage={deal.stage} />
      </td>
      <td className={cn(CELL, 'whitespace-nowrap tabular-nums')}>
        <div className="font-medium text-slate-900">{formatCurrency(deal.deal_value)}</div>
        <div className="text-xs text-slate-500">{formatCurrency(deal.offered_price)}/mo</div>
      </td>
      <td className={cn(CELL, 'tabular-nums')}>{formatProbability(deal.probability)}</td>
      <td className={cn(CELL, 'py-2')} onClick={(e) => e.stopPropagation()}>
        <div className="flex gap-1">
          {/* View is the deal's own page (a link: it opens in a new tab too); the row opens the quick dialog. */}
          <Link
            to={`/crm/deals/${deal.id}`}
            aria-label={`View ${deal.deal_name}`}
            title="View"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <Eye className="h-4 w-4" aria-hidden />
          </Link>
          {canEdit && (
            <Button variant="ghost" size="icon" aria-label={`Edit ${deal.deal_name}`} title="Edit" onClick={() => onEdit(deal)}>
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
});

/** The list view: the spec's columns, sortable; long lists are virtualised. A row's click opens the deal's dialog. */
export function DealTable({ deals, sort, onSort, touched, ...props }: TableProps) {
  const virtual = deals.length >= VIRTUAL_FROM;
  const { listRef, virtualizer, scrollMargin } = useListVirtualizer(virtual ? deals.length : 0, 72, 10);
  const items = virtualizer.getVirtualItems();
  const top = virtual && items.length ? items[0]!.start - scrollMargin : 0;
  const bottom = virtual && items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0;
  const row = (deal: Deal, index?: number) => (
    <DealRow key={deal.id} deal={deal} index={index} measure={virtual ? virtualizer.measureElement : undefined} touch={touched[deal.id]} {...props} />
  );
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto" ref={listRef}>
        <table className="w-full text-left text-sm text-slate-700" data-testid="deal-table">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <SortHeader label="Deal" sortKey="deal" sort={sort} onSort={onSort} />
              <SortHeader label="Company" sortKey="company" sort={sort} onSort={onSort} />
              <SortHeader label="Contact" sortKey="contact" sort={sort} onSort={onSort} />
              <SortHeader label="Stage" sortKey="stage" sort={sort} onSort={onSort} />
              <SortHeader label="Value" sortKey="value" sort={sort} onSort={onSort} />
              <SortHeader label="Probability" sortKey="probability" sort={sort} onSort={onSort} />
              <th scope="col" className="px-3 py-2.5 font-semibold uppercase">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {!virtual ? (
              deals.map((deal) => row(deal))
            ) : (
              <>
                {top > 0 && (
                  <tr aria-hidden>
                    <td colSpan={7} style={{ height: top, padding: 0 }} />
                  </tr>
                )}
                {items.map((item) => row(deals[item.index]!, item.index))}
                {bottom > 0 && (
                  <tr aria-hidden>
                    <td colSpan={7} style={{ height: bottom, padding: 0 }} />
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
