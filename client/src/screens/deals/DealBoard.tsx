import { memo, useCallback, useMemo, useRef, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import type { Drags } from '../../live/drags';
import { columnIds, type DealColumns } from './boardColumns';
import type { Columns } from './boardModel';
import { DealCardBody } from './DealCard';
import { DealColumn } from './DealColumn';
import { useBoardDensity } from './density';
import './density.css';
import './board.css';
import { findPlace, keyboardTarget, moveTo, neighboursOf, placeWords, samePlace, type ArrowKey, type Place } from './placement';
import { FlipMoves } from './FlipMoves';
import type { MoveTarget } from './useDealMoves';

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** The sensors' options, the same objects on every render (dnd-kit compares them by identity). */
const MOUSE_OPTIONS = { activationConstraint: { distance: 6 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 180, tolerance: 8 } };
const KEYBOARD_CODES = { start: ['Space'], end: ['Space'], cancel: ['Escape'] };

const INSTRUCTIONS =
  'To pick up a deal, press Space. Use the left and right arrow keys to move it between stages and the up and down arrow keys to change its place. Press Space to drop it, or Escape to cancel.';

const ACCESSIBILITY = {
  screenReaderInstructions: { draggable: INSTRUCTIONS },
  // The board's own live region says each step in words (below).
  announcements: { onDragStart: () => undefined, onDragMove: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined },
};

/** Over a card or a column: the stage it belongs to. */
function stageOver(id: string, columns: Columns): DealStage | null {
  if (id.startsWith('column:')) return id.slice('column:'.length) as DealStage;
  return findPlace(columns, id)?.stage ?? null;
}

/** The card this user holds and the column it is over. */
export interface Held {
  deal_id: string;
  stage: DealStage;
}

export interface DealBoardProps {
  /** The deals shown (after search), a column per stage in rank order (boardColumns.ts). */
  columns: DealColumns;
  stages: readonly DealStage[];
  showLocation: boolean;
  canMove: boolean;
  canEdit: boolean;
  now: Date;
  /** Other people's drags right now, by deal id. */
  drags: Drags;
  onOpen: (deal: Deal) => void;
  onEdit: (deal: Deal) => void;
  onMove: (deal: Deal, target: MoveTarget) => void;
  /** The card this user holds and the column it is over, or null when let go (for the others). */
  onHold: (held: Held | null) => void;
}

/**
 * The pipeline: a column per stage, cards dragged with a mouse, a finger or the keyboard. While a
 * card is held the board works on a draft of the columns; the drop sends the card's new stage and
 * its neighbours there, and the card stays where it was dropped while the server decides.
 */
export const DealBoard = memo(function DealBoard({ columns: shown, stages, showLocation, canMove, canEdit, now, drags, onOpen, onEdit, onMove, onHold }: DealBoardProps) {
  const base = useMemo(() => columnIds(shown), [shown]);
  // Built on first use (a drag, a menu move), not on every push.
  const byId = useMemo(() => {
    let map: Map<string, Deal> | null = null;
    return { get: (id: string) => (map ??= new Map(Object.values(shown).flatMap((column) => column.map((d) => [d.id, d] as const)))).get(id) };
  }, [shown]);
  const [draft, setDraft] = useState<Columns | null>(null);
  const [active, setActive] = useState<{ id: string; keyboard: boolean; from: Place } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The drag handlers read the latest draft without waiting for a render.
  const draftRef = useRef<Columns | null>(null);
  const setColumns = (next: Columns | null) => {
    draftRef.current = next;
    setDraft(next);
  };

  const [density] = useBoardDensity();
  const root = useRef<HTMLDivElement>(null);
  // The columns as rendered: a drag's draft, its untouched columns the very arrays of `shown` (memoised columns skip them).
  const rendered = useMemo((): DealColumns => {
    if (!draft) return shown;
    const out = { ...shown };
    for (const stage of stages) if (draft[stage] !== base[stage]) out[stage] = draft[stage].map((id) => byId.get(id)).filter((d): d is Deal => !!d);
    return out;
  }, [draft, shown, base, byId, stages]);

  // The card menu's "Move to": the top of that stage's column, as the spec's dropdown did. Read
  // through a ref so the callback stays the same across pushes (the cards are memoised on it).
  const baseRef = useRef(base);
  baseRef.current = base;
  const onMoveTo = useCallback(
    (deal: Deal, stage: DealStage) => {
      const columns = baseRef.current;
      setAnnouncement(`Moved ${deal.deal_name} to ${placeWords(moveTo(columns, deal.id, { stage, index: 0 }), { stage, index: 0 })}`);
      onMove(deal, { stage, before_id: null, after_id: columns[stage].find((id) => id !== deal.id) ?? null });
    },
    [onMove],
  );

  const nameOf = useCallback((id: string) => byId.get(id)?.deal_name ?? 'the deal', [byId]);

  // Keyboard moves are worked out on the columns (placement.ts), not from screen coordinates:
  // the card steps to its new place in the draft and the pointer position stays put. The getter
  // reads what it needs through a ref and stays the same function: dnd-kit hands every card new
  // listeners whenever its sensors change, and a push must not re-render every card's contents.
  const keyboardRef = useRef({ stages, nameOf, onHold });
  keyboardRef.current = { stages, nameOf, onHold };
  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { active: activeId, currentCoordinates }) => {
    if (!ARROWS.has(event.code)) return undefined;
    event.preventDefault();
    const current = draftRef.current;
    if (!current) return currentCoordinates;
    const { stages: order, nameOf: name, onHold: hold } = keyboardRef.current;
    const id = String(activeId);
    const target = keyboardTarget(current, id, event.code as ArrowKey, order);
    if (!target) {
      setAnnouncement(`${name(id)} cannot move further. ${placeWords(current, findPlace(current, id)!)}`);
      return currentCoordinates;
    }
    const next = moveTo(current, id, target);
    draftRef.current = next;
    setDraft(next);
    hold({ deal_id: id, stage: target.stage });
    setAnnouncement(`${name(id)}. ${placeWords(next, target)}`);
    return currentCoordinates;
  }, []);
  const keyboardOptions = useMemo(() => ({ coordinateGetter, keyboardCodes: KEYBOARD_CODES }), [coordinateGetter]);

  const sensors = useSensors(useSensor(MouseSensor, MOUSE_OPTIONS), useSensor(TouchSensor, TOUCH_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  // A keyboard drag has no pointer position to collide with: its place is the draft's.
  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      if (active?.keyboard) return [];
      const within = pointerWithin(args);
      return within.length > 0 ? within : closestCorners(args);
    },
    [active?.keyboard],
  );

  const onDragStart = ({ active: dragged, activatorEvent }: DragStartEvent) => {
    const id = String(dragged.id);
    const from = findPlace(base, id);
    if (!from) return;
    setColumns(base);
    setActive({ id, keyboard: activatorEvent instanceof KeyboardEvent, from });
    onHold({ deal_id: id, stage: from.stage });
    const words = `Picked up ${nameOf(id)}. ${placeWords(base, from)}`;
    // dnd-kit's keyboard sensor listens for the arrows only from its next tick on: "picked up"
    // is said once they work (two ticks: this timer is queued before the sensor's own).
    setTimeout(() => setTimeout(() => setAnnouncement((said) => (draftRef.current ? words : said))));
  };

  // Pointer drags: entering another column moves the card into it at once (where the pointer is).
  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    const current = draftRef.current;
    if (!current || !over || active?.keyboard) return;
    const id = String(dragged.id);
    const here = findPlace(current, id);
    const stage = stageOver(String(over.id), current);
    if (!here || !stage || stage === here.stage || !stages.includes(stage)) return;
    const overIndex = current[stage].indexOf(String(over.id));
    const index = overIndex >= 0 ? overIndex : current[stage].length;
    const next = moveTo(current, id, { stage, index });
    setColumns(next);
    onHold({ deal_id: id, stage });
    setAnnouncement(`${nameOf(id)}. ${placeWords(next, { stage, index })}`);
  };

  const finish = (dropped: boolean, overId: string | null) => {
    const current = draftRef.current;
    const held = active;
    setColumns(null);
    setActive(null);
    onHold(null);
    if (!held || !current) return;
    const name = nameOf(held.id);
    if (!dropped) {
      setAnnouncement(`Cancelled. ${name} returned to ${placeWords(base, held.from)}`);
      return;
    }
    let final = current;
    // Pointer drags within a column: the sortable shows the gap; the drop takes the card there.
    if (!held.keyboard && overId && overId !== held.id) {
      const here = findPlace(current, held.id);
      const overPlace = findPlace(current, overId);
      if (here && overPlace && overPlace.stage === here.stage) final = moveTo(current, held.id, overPlace);
    }
    const place = findPlace(final, held.id);
    const deal = byId.get(held.id);
    if (!place || !deal) return;
    if (samePlace(place, held.from)) {
      setAnnouncement(`${name} dropped where it was. ${placeWords(final, place)}`);
      return;
    }
    setAnnouncement(`Dropped ${name}. ${placeWords(final, place)}`);
    onMove(deal, { stage: place.stage, ...neighboursOf(final, held.id) });
    // The card's element was rebuilt in its new column: give it the focus back.
    if (held.keyboard) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-deal-id="${held.id}"]`)?.focus());
  };

  const onDragEnd = ({ over }: DragEndEvent) => finish(true, over ? String(over.id) : null);
  const activeDeal = active ? byId.get(active.id) : undefined;
  const overStage = active && draft ? findPlace(draft, active.id)?.stage : null;
  const heldCard = useMemo(() => (active ? { id: active.id, keyboard: active.keyboard } : null), [active]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => finish(false, null)}
      accessibility={ACCESSIBILITY}
    >
      <div ref={root} className="flex snap-x gap-3 overflow-x-auto pb-2" data-testid="deal-board" data-density={density} aria-label="Pipeline" role="region">
        {stages.map((stage) => (
          <DealColumn
            key={stage}
            stage={stage}
            deals={rendered[stage]}
            showLocation={showLocation}
            canMove={canMove}
            canEdit={canEdit}
            now={now}
            drags={drags}
            onOpen={onOpen}
            onEdit={onEdit}
            onMoveTo={onMoveTo}
            highlighted={overStage === stage && overStage !== active?.from.stage}
            held={overStage === stage ? heldCard : null}
          />
        ))}
      </div>
      <FlipMoves root={root} columns={rendered} paused={!!active && !active.keyboard} held={active?.keyboard ? active.id : null} />
      <p role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="board-announcer">
        {announcement}
      </p>
      <DragOverlay dropAnimation={{ duration: 180, easing: 'cubic-bezier(0.2, 0, 0, 1)' }}>
        {activeDeal && !active?.keyboard ? (
          <div className="relative w-72 rotate-1 cursor-grabbing rounded-lg border border-brand-200 bg-white p-3 shadow-xl">
            <DealCardBody deal={activeDeal} showLocation={showLocation} movable now={now} touch={undefined} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
});
