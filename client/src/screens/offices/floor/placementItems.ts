import type { Office } from '@shared/schemas/offices';
import { daysRemaining } from '@shared/domain/lease';
import { plural } from '../../../lib/plural';
import type { Box } from './floorGeometry';
import type { FloorPlacement } from '@shared/schemas/floorPlans';

/** One office as the plan draws it: where it is and what it shows. */
export interface PlanItem extends Box {
  id: string;
  number: string;
  status: Office['status'];
  member: string | null;
  desks: number;
  leaseEnd: string | null;
  /** Days until the lease ends (negative: ended), null without an end date. */
  daysLeft: number | null;
  version: number;
}

/**
 * The plan's offices: each placement's box with the office as it stands now (the live office
 * row when the view is live and holds it, else the placement's own copy). An office whose live
 * row stands at another location or floor is left out: it moved away.
 */
export function planItems(
  placements: readonly FloorPlacement[],
  offices: Readonly<Record<string, Office>> | null,
  where: { locationId: string; floor: number },
  now: Date,
): PlanItem[] {
  const items: PlanItem[] = [];
  for (const p of placements) {
    const office = offices?.[p.office_id];
    if (office && (office.location_id !== where.locationId || office.floor !== where.floor)) continue;
    const leaseEnd = office ? (office.lease_info?.end_date ?? null) : p.lease_end;
    items.push({
      id: p.office_id,
      number: office?.office_number ?? p.office_number,
      status: office?.status ?? p.status,
      member: office ? office.tenant : p.member_name,
      desks: office?.desks ?? p.desks,
      leaseEnd,
      daysLeft: daysRemaining(leaseEnd, now),
      version: p.version,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
    });
  }
  return items;
}

const numberOrder = new Intl.Collator('en', { numeric: true });
export const byNumber = (a: { number: string }, b: { number: string }) => numberOrder.compare(a.number, b.number);

/** "Office 301, Leased to Acme, lease ends in 42 days": a shape's accessible name. */
export function itemName(item: Pick<PlanItem, 'number' | 'status' | 'member' | 'daysLeft'>): string {
  const parts = [`Office ${item.number}`, statusWords(item.status, item.member)];
  if (item.daysLeft !== null && item.status === 'LEASED') parts.push(leaseWords(item.daysLeft));
  return parts.join(', ');
}

function statusWords(status: Office['status'], member: string | null): string {
  if (status === 'LEASED') return member ? `Leased to ${member}` : 'Leased';
  const word = status.charAt(0) + status.slice(1).toLowerCase();
  return member ? `${word}, ${member}` : word;
}

/** "1 desk", "4 desks": an office's size as the shape, its peek and its actions card say it. */
export const deskWords = (desks: number) => plural(desks, 'desk');

export function leaseWords(daysLeft: number): string {
  if (daysLeft < 0) return `lease ended ${-daysLeft} ${-daysLeft === 1 ? 'day' : 'days'} ago`;
  if (daysLeft === 0) return 'lease ends today';
  return `lease ends in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}
