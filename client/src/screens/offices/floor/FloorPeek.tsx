import { UpdatedBy } from '../../../components/LiveMark';
import type { Touch } from '../../../live/collection';
import { formatDate } from '../officeUi';
import { StatusBadge } from '../officeUi';
import { deskWords, leaseWords, type PlanItem } from './placementItems';

/**
 * The details of the office under the pointer or the focus, beside its shape. Decorative for
 * screen readers (aria-hidden): the shape's own name says the same.
 */
export function FloorPeek({ item, touch }: { item: PlanItem; touch: Touch | undefined }) {
  const below = item.y + item.height < 0.7;
  const style = {
    // Anchored on the side with room, so the card never widens the plan (a wider plan would scroll).
    ...(item.x < 0.5 ? { left: `${item.x * 100}%` } : { right: `${(1 - item.x - item.width) * 100}%` }),
    ...(below ? { top: `calc(${(item.y + item.height) * 100}% + 6px)` } : { bottom: `calc(${(1 - item.y) * 100}% + 6px)` }),
  };
  return (
    <div aria-hidden className="pointer-events-none absolute z-30 w-56 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-xl" style={style} data-testid="floor-peek">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">Office {item.number}</span>
        <StatusBadge status={item.status} />
      </div>
      <p className="mt-1">{deskWords(item.desks)}</p>
      <p className="truncate">{item.member ?? <span className="text-slate-500 italic">No member</span>}</p>
      {item.leaseEnd && (
        <p>
          Lease ends {formatDate(item.leaseEnd)}
          {item.daysLeft !== null && <span className="text-slate-500"> · {leaseWords(item.daysLeft)}</span>}
        </p>
      )}
      <UpdatedBy touch={touch} className="mt-1" />
    </div>
  );
}
