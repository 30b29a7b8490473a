import { cn } from '../../../lib/cn';
import { STATUS_SWATCH } from './floorColours';
import { itemName, type PlanItem } from './placementItems';

/**
 * The plan's offices as a plain list, in reading order: what a screen reader walks through,
 * and what a phone shows instead of a plan too small to touch.
 */
export function FloorOfficeList({ items, onOpen, className }: { items: readonly PlanItem[]; onOpen: (id: string) => void; className?: string }) {
  return (
    <section aria-labelledby="floor-list-title" className={className} data-testid="floor-list">
      <h3 id="floor-list-title" className="mb-2 text-sm font-semibold text-slate-900">
        Offices on this floor ({items.length})
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item.id)}
              className="focus-visible:ring-brand-600 flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset"
              data-list-office={item.id}
            >
              <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', STATUS_SWATCH[item.status])} aria-hidden />
              {itemName(item)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
