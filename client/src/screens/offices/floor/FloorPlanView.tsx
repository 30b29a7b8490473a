import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { format } from 'date-fns';
import { toast } from 'sonner';
import { History, Layers, X } from 'lucide-react';
import { may } from '@shared/policy';
import type { Location } from '@shared/schemas/locations';
import type { Office } from '@shared/schemas/offices';
import { useUser } from '../../../auth/session';
import { LoadFailed } from '../../../components/LoadFailed';
import { Card } from '../../../components/ui/Card';
import { LoadingNote } from '../../../components/ui/Spinner';
import type { Touch } from '../../../live/collection';
import { reasonOf } from '../../../lib/errorText';
import { PresenceBar } from '../../../shell/PresenceBar';
import { useAtom } from '../../../state/jotai';
import { OfficeActions, type OfficeAction } from '../OfficeActions';
import { formatDate } from '../officeUi';
import { floorChoiceAtom, floorHeatAtom, floorZoomAtom } from './floorAtoms';
import { FloorCanvas } from './FloorCanvas';
import { HEAT_SWATCH, STATUS_SWATCH } from './floorColours';
import { readingOrder } from './floorNavigation';
import { FloorOfficeList } from './FloorOfficeList';
import { floorPlanApi } from './floorPlanApi';
import { BACKGROUND_MAX_BYTES, BACKGROUND_TYPES, FloorToolbar, clampZoom } from './FloorToolbar';
import { HEAT_BUCKETS, HEAT_LABEL } from './heat';
import { byNumber, itemName, planItems } from './placementItems';
import type { UnplacedOffice } from './UnplacedList';
import { useBackgroundImage } from './useBackgroundImage';
import { useFloorPlan } from './useFloorPlan';
import { useFloorPresence } from './useFloorPresence';
import { useLeavers } from './useLeavers';

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
 * shapes in their status colours over the floor's drawing, live; editors place, move and resize
 * them; a day in the past shows the floor as it stood then, read-only.
 */
export function FloorPlanView({ locationId: shellLocation, locations, offices, touchOf, canMutate, now, onAction }: FloorPlanViewProps) {
  const user = useUser();
  const [ownLocation, setOwnLocation] = useState<string | null>(null);
  const locationId = shellLocation ?? (ownLocation && locations.some((l) => l.id === ownLocation) ? ownLocation : (locations[0]?.id ?? null));
  const location = locations.find((l) => l.id === locationId) ?? null;
  const floors = useMemo(() => [...(location?.floors ?? [])].sort((a, b) => a - b), [location]);
  const [floorChoice, setFloorChoice] = useAtom(floorChoiceAtom);
  const chosen = locationId ? floorChoice[locationId] : undefined;
  const floor = chosen !== undefined && floors.includes(chosen) ? chosen : (floors[0] ?? null);
  const [asOf, setAsOf] = useState('');
  const [heat, setHeat] = useAtom(floorHeatAtom);
  const [zoom, setZoom] = useAtom(floorZoomAtom);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = format(now, 'yyyy-MM-dd');
  const pastDay = asOf && asOf < today ? asOf : null;

  const plan = useFloorPlan(locationId, floor, pastDay);
  useFloorPresence(locationId, floor);
  const editable = !pastDay && !!locationId && may(user, 'office.update', [locationId]);
  const where = useMemo(() => ({ locationId: locationId ?? '', floor: floor ?? 0 }), [locationId, floor]);
  // Today's plan shows each office as it stands now (its live row); a past day's as it stood then.
  const liveOffices = pastDay ? null : offices;
  const placements = useMemo(() => Object.values(plan.placements), [plan.placements]);
  const items = useMemo(() => planItems(placements, liveOffices, where, now), [placements, liveOffices, where, now]);
  const ordered = useMemo(() => readingOrder(items), [items]);
  const leavers = useLeavers(placements, liveOffices, where, locations);

  // The floor's offices not on the plan: from the live office rows when held, else the plan's answer.
  const unplaced: UnplacedOffice[] = useMemo(() => {
    if (!locationId || floor === null) return [];
    const placed = plan.placements;
    const live = Object.values(offices).filter((o) => o.location_id === locationId && o.floor === floor && !placed[o.id]);
    const rows = live.length > 0 ? live.map((o) => ({ id: o.id, number: o.office_number, status: o.status })) : (plan.plan?.unplaced ?? []).filter((u) => !placed[u.office_id]).map((u) => ({ id: u.office_id, number: u.office_number, status: u.status }));
    return rows.sort(byNumber);
  }, [offices, plan.placements, plan.plan, locationId, floor]);

  const background = useBackgroundImage(plan.plan?.background?.url ?? null);
  const bg = plan.plan?.background && background.src ? { src: background.src, width: plan.plan.background.width, height: plan.plan.background.height } : null;

  // Ctrl/Cmd+Z undoes the last placement while the plan is open.
  const undo = plan.undo;
  const undoRef = useRef({ editable, canUndo: plan.canUndo, undo });
  useEffect(() => {
    undoRef.current = { editable, canUndo: plan.canUndo, undo };
  }, [editable, plan.canUndo, undo]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && undoRef.current.editable && undoRef.current.canUndo) {
        e.preventDefault();
        void undoRef.current.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const upload = async (file: File) => {
    if (!locationId || floor === null) return;
    if (!BACKGROUND_TYPES.includes(file.type)) return void toast.error('The background must be a PNG, JPEG or WebP image');
    if (file.size > BACKGROUND_MAX_BYTES) return void toast.error('The floor plan image must be at most 10 MB');
    setBusy(true);
    try {
      await floorPlanApi.uploadBackground(locationId, floor, file);
      toast.success(`Background of floor ${floor} saved`);
      plan.reload();
    } catch (e) {
      toast.error(`Failed to upload the background: ${reasonOf(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const removeBackground = async () => {
    if (!locationId || floor === null) return;
    setBusy(true);
    try {
      await floorPlanApi.removeBackground(locationId, floor);
      toast.success(`Background of floor ${floor} removed`);
      plan.reload();
    } catch (e) {
      toast.error(`Failed to remove the background: ${reasonOf(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const layOut = async () => {
    if (!locationId || floor === null) return;
    setBusy(true);
    try {
      await floorPlanApi.layOut(locationId, floor);
      toast.success('Offices laid out in rows by number');
      plan.reload();
    } catch (e) {
      toast.error(`Failed to lay out the offices: ${reasonOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const onOpen = useCallback((id: string) => setOpenId(id), []);
  const openItem = openId ? (items.find((i) => i.id === openId) ?? null) : null;
  const openOffice = openId ? (offices[openId] ?? null) : null;
  const onPinch = useCallback((factor: number) => setZoom((z) => clampZoom(z * factor)), [setZoom]);

  if (locations.length === 0) return <Card className="px-6 py-16 text-center text-slate-600">No locations yet: add one to draw its floor plans.</Card>;

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
            editing={
              editable
                ? {
                    canUndo: plan.canUndo,
                    onUndo: () => void plan.undo(),
                    hasBackground: !!plan.plan?.background,
                    onUpload: (f) => void upload(f),
                    onRemoveBackground: () => void removeBackground(),
                    canLayOut: !plan.plan?.background && unplaced.length > 0,
                    onLayOut: () => void layOut(),
                    busy,
                  }
                : null
            }
          />
          <PresenceBar placement="page" where="on this floor" />
        </div>
        <Legend heat={heat} />
      </Card>

      {pastDay && (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-sm text-violet-900" data-testid="floor-as-of">
          <History className="h-4 w-4" aria-hidden />
          Floor {floor} as it stood at the end of {formatDate(pastDay)} · read-only
        </p>
      )}

      {leavers.notices.length > 0 && (
        <ul className="space-y-2" aria-label="Offices that left this floor">
          {leavers.notices.map((n) => (
            <li key={n.id} role="status" className="flex items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="floor-left">
              <span>{n.text}</span>
              <button type="button" onClick={() => leavers.dismiss(n.id)} aria-label={`Dismiss: ${n.text}`} className="rounded p-1 text-amber-800 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none">
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}

      {floor === null ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-16 text-center text-slate-600" data-testid="floor-empty">
          <Layers className="h-8 w-8 text-slate-400" aria-hidden />
          {location?.name ?? 'This location'} has no floors yet. An administrator adds them in the location&apos;s settings.
        </Card>
      ) : plan.status === 'error' ? (
        <LoadFailed title="Failed to load the floor plan. Please try again." error={plan.error} onRetry={plan.retry} />
      ) : plan.status === 'loading' && !plan.plan ? (
        <LoadingNote text="Loading the floor plan..." label="Loading the floor plan" />
      ) : (
        <div className="flex flex-col gap-3 xl:flex-row">
          <div className="min-w-0 flex-1 space-y-2">
            {items.length === 0 && (
              <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600" data-testid="floor-nothing-placed">
                Nothing is placed on floor {floor} yet.
                {editable ? (unplaced.length > 0 ? ' Drag offices from the list onto the plan, or lay them out automatically.' : ' This floor has no offices to place.') : ''}
              </p>
            )}
            <FloorCanvas
              items={items}
              unplaced={unplaced}
              editable={editable}
              heat={heat}
              zoom={zoom}
              background={bg}
              touchOf={pastDay ? noTouch : touchOf}
              onOpen={onOpen}
              onPlace={(id, number, box) => void plan.place(id, number, box)}
              onPinch={onPinch}
            />
          </div>
          <aside className="w-full shrink-0 space-y-3 xl:w-80" aria-label="Offices of this floor">
            {openItem && (
              <Card className="space-y-2 p-3" data-testid="floor-quick-actions">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-900" tabIndex={-1} ref={(el) => el?.focus()}>
                    {itemName(openItem)}
                  </h3>
                  <button type="button" aria-label="Close office actions" onClick={() => setOpenId(null)} className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none">
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                <p className="text-xs text-slate-600">
                  {openItem.desks} desks{openItem.leaseEnd ? ` · lease ends ${formatDate(openItem.leaseEnd)}` : ''}
                </p>
                {openOffice && !pastDay ? (
                  <OfficeActions office={openOffice} canMutate={canMutate} onAction={onAction} />
                ) : (
                  <p className="text-xs text-slate-500">{pastDay ? 'A past day is read-only.' : 'Loading the office...'}</p>
                )}
              </Card>
            )}
            <FloorOfficeList items={ordered} onOpen={onOpen} />
          </aside>
        </div>
      )}
    </section>
  );
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
