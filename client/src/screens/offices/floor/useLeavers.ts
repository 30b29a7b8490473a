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
 * Offices that stood on the plan while it was open and whose live row now stands at another
 * location or floor: they leave the plan (their placement is removed, or drawn no more:
 * placementItems.ts) with a notice each, until dismissed. The plan remembers which offices it
 * showed, as their placements may go before their office rows arrive.
 */
export function useLeavers(
  placements: readonly FloorPlacement[],
  offices: Readonly<Record<string, Office>> | null,
  where: { locationId: string; floor: number },
  locations: readonly Location[],
) {
  const key = `${where.locationId}:${where.floor}`;
  const [shown, setShown] = useState<{ key: string; ids: ReadonlySet<string> }>({ key, ids: new Set() });
  const known = shown.key === key ? shown.ids : null;
  const unseen = placements.filter((p) => !known?.has(p.office_id));
  // Remembered during render (React's way to keep what earlier renders saw), not in an effect.
  if (!known || unseen.length > 0) setShown({ key, ids: new Set([...(known ?? []), ...unseen.map((p) => p.office_id)]) });
  const [dismissed, setDismissed] = useState<{ key: string; ids: ReadonlySet<string> }>({ key, ids: new Set() });
  const gone = dismissed.key === key ? dismissed.ids : null;
  const notices = useMemo(() => {
    if (!offices || !known) return [];
    const out: LeaverNotice[] = [];
    for (const id of known) {
      const office = offices[id];
      if (!office || gone?.has(id)) continue;
      if (office.location_id === where.locationId && office.floor === where.floor) continue;
      out.push({ id, text: leftText(office, where, locations) });
    }
    return out;
  }, [known, offices, where, locations, gone]);
  const dismiss = (id: string) => setDismissed((d) => ({ key, ids: new Set([...(d.key === key ? d.ids : []), id]) }));
  return { notices, dismiss };
}
