import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type TouchList } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { Touch } from '../../../live/collection';
import { cn } from '../../../lib/cn';
import { droppedBox, freeSpot, movedBox, resizedBox, sameBox, type Box } from './floorGeometry';
import { ARROW_DIRECTION, nextInDirection } from './floorNavigation';
import { FloorShape } from './FloorShape';
import { FloorPeek } from './FloorPeek';
import { keyboardStep } from './keyboardSteps';
import type { PlanItem } from './placementItems';
import { UnplacedList, type UnplacedOffice } from './UnplacedList';
import './floorPlan.css';

export interface FloorCanvasProps {
  items: readonly PlanItem[];
  unplaced: readonly UnplacedOffice[];
  editable: boolean;
  heat: boolean;
  zoom: number;
  /** The background image's address (an object URL) and its aspect, or null for the clean grid. */
  background: { src: string; width: number; height: number } | null;
  touchOf: (id: string) => Touch | undefined;
  onOpen: (id: string) => void;
  onPlace: (officeId: string, number: string, box: Box) => void;
  /** Pinch on a touch screen: the zoom times this factor. */
  onPinch: (factor: number) => void;
}

/**
 * The drag in hand (a page holds one at a time), read at once by the keyboard: whether an office
 * is held (the arrows are then the drag's, before the render that marks it), and where the
 * keyboard has taken it so far (presses faster than the page measures the moved office must each
 * step on from the last, not from a stale measurement).
 */
const drag: { held: boolean; at: { x: number; y: number } | null } = { held: false, at: null };

type Held = { kind: 'move' | 'resize' | 'place'; id: string; keyboard: boolean };

/** The grid's aspect without a background: 3 wide by 2 high. */
const GRID_ASPECT = 2 / 3;

/**
 * The plan: offices as shapes over the background (or a clean grid), and for editors the offices
 * not yet placed beside it. Drags work out fractions of the plan from pixels on drop
 * (floorGeometry.ts); the keyboard steps one grid cell per arrow press (keyboardSteps.ts).
 */
export function FloorCanvas({ items, unplaced, editable, heat, zoom, background, touchOf, onOpen, onPlace, onPinch }: FloorCanvasProps) {
  const planRef = useRef<HTMLDivElement | null>(null);
  // A drag near an edge scrolls the plan's own frame (when zoomed in), never the page: scrolling
  // the page under a drag re-measures every office on it, frame after frame.
  const autoScroll = useMemo(() => ({ threshold: { x: 0.1, y: 0.1 }, canScroll: (element: Element) => element.getAttribute('data-testid') === 'floor-viewport' }), []);
  const [held, setHeld] = useState<Held | null>(null);
  const letGo = () => {
    drag.held = false;
    drag.at = null;
    setHeld(null);
  };
  const [peek, setPeek] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const itemsRef = useRef(items);
  // An office placed with the keyboard takes the focus once its shape is drawn, so the user can move it on.
  const focusWhenPlaced = useRef<string | null>(null);
  useEffect(() => {
    itemsRef.current = items;
    const id = focusWhenPlaced.current;
    if (id && items.some((i) => i.id === id)) {
      focusWhenPlaced.current = null;
      document.querySelector<HTMLButtonElement>(`[data-floor-office="${CSS.escape(id)}"]`)?.focus();
    }
  }, [items]);

  const planRect = () => planRef.current?.getBoundingClientRect() ?? null;
  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { context, currentCoordinates }) => {
    const plan = planRef.current?.getBoundingClientRect();
    if (!plan) return undefined;
    const at = drag.at ?? currentCoordinates;
    const size = context.collisionRect ?? { width: 0, height: 0 };
    const next = keyboardStep(event.code, at, { left: at.x, top: at.y, width: size.width, height: size.height }, plan);
    if (next) {
      event.preventDefault();
      drag.at = next;
    }
    return next;
  }, []);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: { start: ['Space'], end: ['Space', 'Enter'], cancel: ['Escape'] } }),
  );

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const [source, id] = String(active.id).split(':') as ['office' | 'unplaced', string];
    // An office's corner handle and the office itself are one drag source: where it started says which.
    const fromHandle = activatorEvent?.target instanceof Element && activatorEvent.target.closest('[data-resize-handle]') !== null;
    const kind = source === 'unplaced' ? 'unplaced' : fromHandle ? 'resize' : 'office';
    const keyboard = activatorEvent instanceof KeyboardEvent;
    drag.at = null;
    drag.held = true;
    setHeld({ kind: kind === 'office' ? 'move' : kind === 'resize' ? 'resize' : 'place', id, keyboard });
    const number = kind === 'unplaced' ? unplaced.find((u) => u.id === id)?.number : byId.get(id)?.number;
    setAnnouncement(`Picked up office ${number ?? ''}. ${kind === 'resize' ? 'Arrow keys resize it' : 'Arrow keys move it'} one grid step; Space drops it, Escape cancels.`);
  };

  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    const was = held;
    letGo();
    const plan = planRect();
    if (!was || !plan) return;
    if (was.kind === 'place') {
      const office = unplaced.find((u) => u.id === was.id);
      // Where it started plus how far it went: the overlay's own measurement may not exist yet
      // when the keyboard drops it at once.
      const start = active.rect.current.initial;
      if (!office || !start) return;
      const rect = { left: start.left + delta.x, top: start.top + delta.y, width: start.width, height: start.height };
      const inside = rect.left + rect.width / 2 >= plan.left && rect.left < plan.right && rect.top + rect.height / 2 >= plan.top && rect.top < plan.bottom;
      if (!inside) {
        setAnnouncement(`Office ${office.number} was not placed: drop it on the plan.`);
        return;
      }
      const box = droppedBox(rect.left, rect.top, plan);
      if (was.keyboard) focusWhenPlaced.current = office.id;
      onPlace(office.id, office.number, box);
      setAnnouncement(`Placed office ${office.number}.`);
      return;
    }
    const item = byId.get(was.id);
    if (!item) return;
    const box = was.kind === 'move' ? movedBox(item, delta.x, delta.y, plan) : resizedBox(item, delta.x, delta.y, plan);
    if (sameBox(box, item)) return;
    onPlace(item.id, item.number, box);
    setAnnouncement(`${was.kind === 'move' ? 'Moved' : 'Resized'} office ${item.number}.`);
  };

  const placeAtFreeSpot = (office: UnplacedOffice) => {
    if (drag.held) return;
    focusWhenPlaced.current = office.id;
    onPlace(office.id, office.number, freeSpot(itemsRef.current));
    setAnnouncement(`Placed office ${office.number}.`);
  };

  const onArrow = useCallback((id: string, event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = ARROW_DIRECTION[event.key];
    // While an office is held the arrows are the drag's (the sensor listens on the window).
    if (!direction || drag.held) return;
    event.preventDefault();
    const next = nextInDirection(itemsRef.current, id, direction);
    if (next) document.querySelector<HTMLButtonElement>(`[data-floor-office="${CSS.escape(next)}"]`)?.focus();
  }, []);

  // Two fingers apart or together zoom the plan (not the page: touch-action leaves pinches to us);
  // one finger pans it (the browser's own scroll).
  const pinch = useRef<number | null>(null);
  const touchDistance = (touches: TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);

  const aspect = background ? background.height / background.width : GRID_ASPECT;
  const peeked = peek && !held ? byId.get(peek) : undefined;
  const heldUnplaced = held?.kind === 'place' ? unplaced.find((u) => u.id === held.id) : undefined;

  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={letGo} autoScroll={autoScroll}>
      <p id="floor-drag-help" className="sr-only">
        To move an office, press Space, then the arrow keys to move it one grid step; Space drops it, Escape cancels. Enter opens its actions.
      </p>
      <div className="flex flex-col gap-3 lg:flex-row">
        {editable && <UnplacedList offices={unplaced} heldId={heldUnplaced?.id ?? null} onPlace={placeAtFreeSpot} />}
        <div
          // Sideways it scrolls only when zoomed in: a handle at the plan's edge must not make it
          // scroll, or the keyboard's arrows would scroll it instead of moving the office.
          className="relative min-w-0 flex-1 overflow-auto rounded-lg border border-slate-300 bg-slate-100"
          style={{ maxHeight: '75vh', touchAction: 'pan-x pan-y', overflowX: zoom > 1 ? 'auto' : 'hidden' }}
          data-testid="floor-viewport"
          onTouchStart={(e) => {
            if (e.touches.length === 2) pinch.current = touchDistance(e.touches);
          }}
          onTouchMove={(e) => {
            if (e.touches.length !== 2 || pinch.current === null) return;
            const distance = touchDistance(e.touches);
            if (Math.abs(distance - pinch.current) > 12) {
              onPinch(distance / pinch.current);
              pinch.current = distance;
            }
          }}
          onTouchEnd={() => (pinch.current = null)}
        >
          <div
            ref={planRef}
            role="group"
            aria-label="Floor plan"
            data-testid="floor-plan"
            className={cn('relative', !background && 'floor-grid')}
            style={{ width: `${zoom * 100}%`, paddingBottom: `${aspect * zoom * 100}%`, height: 0, fontSize: `${Math.max(10, 14 * zoom)}px` }}
          >
            {background && <img src={background.src} alt="" className="pointer-events-none absolute inset-0 h-full w-full object-fill select-none" draggable={false} />}
            {items.map((item) => (
              <FloorShape
                key={item.id}
                item={item}
                editable={editable}
                heat={heat}
                touch={touchOf(item.id)}
                held={held && held.id === item.id && held.kind !== 'place' ? held.kind : null}
                onOpen={onOpen}
                onPeek={setPeek}
                onArrow={onArrow}
              />
            ))}
            {peeked && <FloorPeek item={peeked} touch={touchOf(peeked.id)} />}
          </div>
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{heldUnplaced ? <div className="rounded-md border-2 border-slate-700 bg-white px-3 py-2 text-sm font-semibold shadow-lg">Office {heldUnplaced.number}</div> : null}</DragOverlay>
      <div aria-live="polite" className="sr-only" data-testid="floor-announcement">
        {announcement}
      </div>
    </DndContext>
  );
}
