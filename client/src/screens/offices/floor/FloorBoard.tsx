import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { X } from 'lucide-react';
import type { Location } from '@shared/schemas/locations';
import type { Office } from '@shared/schemas/offices';
import { UpdatedBy } from '../../../components/LiveMark';
import { LoadFailed } from '../../../components/LoadFailed';
import { Card } from '../../../components/ui/Card';
import { LoadingNote } from '../../../components/ui/Spinner';
import type { Touch } from '../../../live/collection';
import { OfficeActions, type OfficeAction } from '../OfficeActions';
import { formatDate } from '../officeUi';
import { EditTools } from './EditTools';
import { FloorCanvas } from './FloorCanvas';
import { readingOrder } from './floorNavigation';
import { FloorOfficeList } from './FloorOfficeList';
import type { FloorPlanState } from './floorPlanState';
import { byNumber, deskWords, itemName, planItems } from './placementItems';
import type { UnplacedOffice } from './UnplacedList';
import { useBackgroundImage } from './useBackgroundImage';
import { useLeavers } from './useLeavers';

export interface FloorBoardProps {
  state: FloorPlanState;
  locationId: string;
  floor: number;
  locations: readonly Location[];
  /** The live office rows; null on a past day (the plan's own copies show how they stood). */
  offices: Readonly<Record<string, Office>> | null;
  officeTouchOf: (id: string) => Touch | undefined;
  canMutate: boolean;
  heat: boolean;
  zoom: number;
  onPinch: (factor: number) => void;
  now: Date;
  onAction: (action: OfficeAction, office: Office) => void;
}

/** A later of two touches (an office's change and its placement's), for one "Updated by" mark. */
const later = (a: Touch | undefined, b: Touch | undefined) => (!a ? b : !b ? a : a.at >= b.at ? a : b);

/** One floor's plan with its lists: the shapes, the offices to place, the quick actions, the list for screen readers. */
export function FloorBoard({ state, locationId, floor, locations, offices, officeTouchOf, canMutate, heat, zoom, onPinch, now, onAction }: FloorBoardProps) {
  const where = useMemo(() => ({ locationId, floor }), [locationId, floor]);
  const items = useMemo(() => planItems(state.placements, offices, where, now), [state.placements, offices, where, now]);
  const ordered = useMemo(() => readingOrder(items), [items]);
  const leavers = useLeavers(state.placements, offices, where, locations);
  const [openId, setOpenId] = useState<string | null>(null);
  const edit = state.edit;

  // The floor's offices not on the plan: from the live office rows when held, else the plan's answer.
  const unplaced: UnplacedOffice[] = useMemo(() => {
    if (!edit) return [];
    const placed = new Set(state.placements.map((p) => p.office_id));
    const live = offices ? Object.values(offices).filter((o) => o.location_id === locationId && o.floor === floor && !placed.has(o.id)) : [];
    const rows = live.length > 0 ? live.map((o) => ({ id: o.id, number: o.office_number, status: o.status })) : (state.plan?.unplaced ?? []).filter((u) => !placed.has(u.office_id)).map((u) => ({ id: u.office_id, number: u.office_number, status: u.status }));
    return rows.sort(byNumber);
  }, [edit, offices, state.placements, state.plan, locationId, floor]);

  const touchOf = useCallback((id: string) => later(officeTouchOf(id), state.touchOf(id)), [officeTouchOf, state]);
  // The latest change someone else made on this floor, said once above the plan.
  const lastChange = useMemo(() => {
    let best: { item: (typeof items)[number]; touch: Touch } | null = null;
    for (const item of items) {
      const touch = touchOf(item.id);
      if (touch && !touch.own && (!best || touch.at > best.touch.at)) best = { item, touch };
    }
    return best;
  }, [items, touchOf]);

  const image = useBackgroundImage(state.background?.url ?? null);
  const background = state.background && image.src ? { src: image.src, width: state.background.width, height: state.background.height } : null;

  // Ctrl/Cmd+Z undoes the last placement while the plan is open (not while typing).
  const undoRef = useRef(edit);
  useEffect(() => {
    undoRef.current = edit;
  }, [edit]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
      const current = undoRef.current;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && current?.canUndo) {
        e.preventDefault();
        void current.undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onOpen = useCallback((id: string) => setOpenId(id), []);
  // Opening an office's actions takes the focus there, so the keyboard reaches them at once.
  const openHeading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (openId) openHeading.current?.focus();
  }, [openId]);
  const onPlace = useCallback((id: string, number: string, box: Parameters<NonNullable<typeof edit>['place']>[2]) => void undoRef.current?.place(id, number, box), []);
  const openItem = openId ? (items.find((i) => i.id === openId) ?? null) : null;
  const openOffice = openId && offices ? (offices[openId] ?? null) : null;

  if (state.status === 'error') return <LoadFailed title="Failed to load the floor plan. Please try again." error={state.error} onRetry={state.retry} />;
  if (state.status === 'loading' && !state.plan) return <LoadingNote text="Loading the floor plan..." label="Loading the floor plan" />;

  return (
    <div className="space-y-3">
      {edit && <EditTools edit={edit} hasBackground={!!state.background} canLayOut={!state.background && unplaced.length > 0} />}

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

      <div className="flex flex-col gap-3 xl:flex-row">
        <div className="min-w-0 flex-1 space-y-2">
          {lastChange && (
            <p className="text-sm text-slate-700" data-testid="floor-last-change">
              <span className="font-medium">Office {lastChange.item.number}</span> <UpdatedBy touch={lastChange.touch} />
            </p>
          )}
          {items.length === 0 && (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600" data-testid="floor-nothing-placed">
              Nothing is placed on floor {floor}
              {state.plan?.as_of ? ` on ${formatDate(state.plan.as_of)}` : ' yet'}.
              {edit ? (unplaced.length > 0 ? ' Drag offices from the list onto the plan, or lay them out automatically.' : ' This floor has no offices to place.') : ''}
            </p>
          )}
          <FloorCanvas
            items={items}
            unplaced={unplaced}
            editable={!!edit}
            heat={heat}
            zoom={zoom}
            background={background}
            touchOf={touchOf}
            onOpen={onOpen}
            onPlace={onPlace}
            onPinch={onPinch}
          />
        </div>
        <aside className="w-full shrink-0 space-y-3 xl:w-80" aria-label="Offices of this floor">
          {openItem && (
            <Card className="space-y-2 p-3" data-testid="floor-quick-actions">
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900" tabIndex={-1} ref={openHeading}>
                  {itemName(openItem)}
                </h3>
                <button type="button" aria-label="Close office actions" onClick={() => setOpenId(null)} className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none">
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
              <p className="text-xs text-slate-600">
                {deskWords(openItem.desks)}{openItem.leaseEnd ? ` · lease ends ${formatDate(openItem.leaseEnd)}` : ''}
              </p>
              {openOffice ? (
                <OfficeActions office={openOffice} canMutate={canMutate} onAction={onAction} />
              ) : (
                <p className="text-xs text-slate-600">{offices ? 'Loading the office...' : 'A past day is read-only.'}</p>
              )}
              {edit && (
                <button type="button" onClick={() => void edit.unplace(openItem.id).then(() => setOpenId(null))} className="text-xs font-medium text-red-700 hover:underline">
                  Take office {openItem.number} off the plan
                </button>
              )}
            </Card>
          )}
          <FloorOfficeList items={ordered} onOpen={onOpen} />
        </aside>
      </div>
    </div>
  );
}
