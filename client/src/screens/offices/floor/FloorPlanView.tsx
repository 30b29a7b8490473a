import { useCallback, useMemo, useState } from 'react';
import { format } from 'date-fns';
import { History, Layers } from 'lucide-react';
import { may } from '@shared/policy';
import type { Location } from '@shared/schemas/locations';
import type { Office } from '@shared/schemas/offices';
import { useUser } from '../../../auth/session';
import { Card } from '../../../components/ui/Card';
import type { Touch } from '../../../live/collection';
import { PresenceBar } from '../../../shell/PresenceBar';
import { useAtom } from '../../../state/jotai';
import type { OfficeAction } from '../OfficeActions';
import { formatDate } from '../officeUi';
import { floorChoiceAtom, floorHeatAtom, floorZoomAtom } from './floorAtoms';
import { FloorBoard, type FloorBoardProps } from './FloorBoard';
import { HEAT_SWATCH, STATUS_SWATCH } from './floorColours';
import { FloorToolbar, clampZoom } from './FloorToolbar';
import { HEAT_BUCKETS, HEAT_LABEL } from './heat';
import { useFloorPresence } from './useFloorPresence';
import { useFloors } from './useFloors';
import { useLiveFloorPlan } from './useLiveFloorPlan';
import { usePastFloorPlan } from './usePastFloorPlan';

export interface FloorPlanViewProps {
  /** The shell's location, or null under All Locations (the plan then offers its own choice). */
  locationId: string | null;
  locations: readonly Location[];
  offices: Readonly<Record<string, Office>>;
  touchOf: (id: string) => Touch | undefined;
  canMutate: boolean;
  now: Date;
  onAction: (action: OfficeAction, office: Office) => void;
}

/**
 * The floor plan view of Office Management: one location's floor at a time, its offices as
 * shapes in their status colours over the floor's drawing, live; editors (administrators and the
 * location's managers: the policy's floorPlan.edit) place, move and resize them; a past day shows
 * the floor as it stood at that day's end, read-only.
 */
export function FloorPlanView({ locationId: shellLocation, locations, offices, touchOf, canMutate, now, onAction }: FloorPlanViewProps) {
  const user = useUser();
  const [ownLocation, setOwnLocation] = useState<string | null>(null);
  const locationId = shellLocation ?? (ownLocation && locations.some((l) => l.id === ownLocation) ? ownLocation : (locations[0]?.id ?? null));
  const location = locations.find((l) => l.id === locationId) ?? null;
  const { floors } = useFloors(locationId, location?.floors ?? []);
  const [floorChoice, setFloorChoice] = useAtom(floorChoiceAtom);
  const chosen = locationId ? floorChoice[locationId] : undefined;
  const floor = chosen !== undefined && floors.includes(chosen) ? chosen : (floors[0] ?? null);
  const [asOf, setAsOf] = useState('');
  const [heat, setHeat] = useAtom(floorHeatAtom);
  const [zoom, setZoom] = useAtom(floorZoomAtom);
  const today = format(now, 'yyyy-MM-dd');
  const pastDay = asOf && asOf < today ? asOf : null;
  useFloorPresence(locationId, floor);
  const editable = !!locationId && may(user, 'floorPlan.edit', [locationId]);
  const onPinch = useCallback((factor: number) => setZoom((z) => clampZoom(z * factor)), [setZoom]);
  const legend = useMemo(() => <Legend heat={heat} />, [heat]);

  if (locations.length === 0) return <Card className="px-6 py-16 text-center text-slate-600">No locations yet: add one to draw its floor plans.</Card>;

  const board: Omit<FloorBoardProps, 'state' | 'locationId' | 'floor' | 'offices'> = { locations, officeTouchOf: touchOf, canMutate, heat, zoom, onPinch, now, onAction };
  return (
    <section aria-label="Floor plan view" className="space-y-3" data-testid="floor-plan-view">
      <Card className="space-y-3 p-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <FloorToolbar
            locations={locations}
            locationId={locationId}
            locationFixed={!!shellLocation}
            onLocation={setOwnLocation}
            floors={floors}
            floor={floor}
            onFloor={(f) => locationId && setFloorChoice((all) => ({ ...all, [locationId]: f }))}
            asOf={asOf}
            today={today}
            onAsOf={setAsOf}
            heat={heat}
            onHeat={setHeat}
            zoom={zoom}
            onZoom={setZoom}
          />
          <PresenceBar placement="page" where="on this floor" />
        </div>
        {legend}
      </Card>

      {pastDay && (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-sm text-violet-900" data-testid="floor-as-of">
          <History className="h-4 w-4" aria-hidden />
          Floor {floor} as it stood at the end of {formatDate(pastDay)} · read-only
        </p>
      )}

      {!locationId || floor === null ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center text-slate-600" data-testid="floor-empty">
          <Layers className="h-8 w-8 text-slate-400" aria-hidden />
          {location?.name ?? 'This location'} has no floors yet. An administrator adds them in the location&apos;s settings.
        </Card>
      ) : pastDay ? (
        <PastFloor key={`${locationId}:${floor}:${pastDay}`} locationId={locationId} floor={floor} day={pastDay} {...board} />
      ) : (
        <LiveFloor key={`${locationId}:${floor}`} locationId={locationId} floor={floor} editable={editable} offices={offices} {...board} />
      )}
    </section>
  );
}

type BoardRest = Omit<FloorBoardProps, 'state' | 'offices'>;

function LiveFloor({ editable, offices, ...props }: BoardRest & { editable: boolean; offices: Readonly<Record<string, Office>> }) {
  const state = useLiveFloorPlan(props.locationId, props.floor, editable);
  return <FloorBoard state={state} offices={offices} {...props} />;
}

function PastFloor({ day, ...props }: BoardRest & { day: string }) {
  const state = usePastFloorPlan(props.locationId, props.floor, day);
  return <FloorBoard state={state} offices={null} {...props} officeTouchOf={noTouch} />;
}

const noTouch = () => undefined;

function Legend({ heat }: { heat: boolean }) {
  const entries = heat
    ? HEAT_BUCKETS.map((b) => ({ key: String(b), swatch: HEAT_SWATCH[b], label: HEAT_LABEL[b] }))
    : (['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE'] as const).map((s) => ({ key: s, swatch: STATUS_SWATCH[s], label: s.charAt(0) + s.slice(1).toLowerCase() }));
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={heat ? 'Lease heat legend' : 'Status legend'}>
      {entries.map((e) => (
        <li key={e.key} className="flex items-center gap-1.5">
          <span className={`h-3 w-3 rounded-sm ${e.swatch}`} aria-hidden />
          {e.label}
        </li>
      ))}
    </ul>
  );
}
