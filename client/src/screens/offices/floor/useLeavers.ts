import { useMemo, useState } from 'react';
import type { Location } from '@shared/schemas/locations';
import type { Office } from '@shared/schemas/offices';
import type { FloorPlacement } from '@shared/schemas/floorPlans';

export interface LeaverNotice {
  id: string;
  text: string;
}

/** "Office 301 moved to floor 3" or "… moved to Austin Downtown": an office that left the plan. Pure. */
export function leftText(office: Pick<Office, 'office_number' | 'location_id' | 'floor'>, where: { locationId: string }, locations: readonly Pick<Location, 'id' | 'name'>[]): string {
  if (office.location_id !== where.locationId) {
    const name = locations.find((l) => l.id === office.location_id)?.name ?? 'another location';
    return `Office ${office.office_number} moved to ${name}`;
  }
  return `Office ${office.office_number} moved to floor ${office.floor}`;
}

/**
 * Offices placed on the plan whose live row now stands at another location or floor: they leave
 * the plan (placementItems.ts) with a notice each, until dismissed.
 */
export function useLeavers(
  placements: readonly FloorPlacement[],
  offices: Readonly<Record<string, Office>> | null,
  where: { locationId: string; floor: number },
  locations: readonly Location[],
) {
  const key = `${where.locationId}:${where.floor}`;
  const [dismissed, setDismissed] = useState<{ key: string; ids: ReadonlySet<string> }>({ key, ids: new Set() });
  const gone = dismissed.key === key ? dismissed.ids : null;
  const notices = useMemo(() => {
    if (!offices) return [];
    const out: LeaverNotice[] = [];
    for (const p of placements) {
      const office = offices[p.office_id];
      if (!office || gone?.has(p.office_id)) continue;
      if (office.location_id === where.locationId && office.floor === where.floor) continue;
      out.push({ id: p.office_id, text: leftText(office, where, locations) });
    }
    return out;
  }, [placements, offices, where, locations, gone]);
  const dismiss = (id: string) => setDismissed((d) => ({ key, ids: new Set([...(d.key === key ? d.ids : []), id]) }));
  return { notices, dismiss };
}
