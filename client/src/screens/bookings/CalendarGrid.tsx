import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { Booking } from '@shared/schemas/bookings';
import { cn } from '../../lib/cn';
import type { BookingDrags, OtherBookingDrag } from '../../live/bookingDrags';
import { DAY_MINUTES, SLOT_MINUTES, clockText, minutesOnDay, minutesToPx, pxToMinutes, type DayKey, type Scale } from './bookingTime';
import { createAnchor, dragColumn, dragSpan, type DragKind, type Span } from './calendarDrag';
import { CalendarColumnView } from './CalendarColumnView';
import { bookingsByColumn, clashIn, keyboardStart, spanOn, type CalendarColumn } from './calendarModel';
import './calendar.css';

/** What each column's draggable says of itself; what is dragged comes from where the drag began. */
export interface DragData {
  column: number;
}

/** What a drag that began on `target` holds: a booking's edge, a booking, or free time. */
function heldAt(target: EventTarget | null | undefined): { kind: DragKind; bookingId: string | null } {
  const element = target instanceof Element ? target : null;
  const edge = element?.closest('[data-edge]')?.getAttribute('data-edge');
  const bookingId = element?.closest('[data-booking-id]')?.getAttribute('data-booking-id') ?? null;
  if (bookingId && (edge === 'start' || edge === 'end')) return { kind: edge, bookingId };
  if (bookingId) return { kind: 'move', bookingId };
  return { kind: 'create', bookingId: null };
}

/** A drag under way: what is held, where it began, and where it would land now. */
interface Held {
  kind: DragKind;
  bookingId: string | null;
  from: { column: number; span: Span };
  to: { column: number; span: Span };
  keyboard: boolean;
  /** What had the focus when a keyboard drag began: it gets it back once the drag ends. */
  focused: Element | null;
}

/** Where a drag landed (or is now), for the page to book, change or announce. */
export interface Landing {
  column: CalendarColumn;
  span: Span;
}

export const SCALE: Scale = { pxPerMinute: 0.8 };
const SLOT_PX = minutesToPx(SLOT_MINUTES, SCALE);
const GUTTER_PX = 56;
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

const INSTRUCTIONS =
  'To move a booking or draw a new one, press Space. Use the up and down arrow keys to change the time in 15-minute steps and the left and right arrow keys to change the column. Press Space to drop, or Escape to cancel.';

export interface CalendarGridProps {
  columns: readonly CalendarColumn[];
  bookings: readonly Booking[];
  zone: string;
  now: Date;
  today: DayKey;
  /** Other people's drags now, by user. */
  drags: BookingDrags;
  onOpen: (booking: Booking) => void;
  /** A new booking drawn (or picked) at a place: the page asks for its title. */
  onCreate: (landing: Landing) => void;
  /** A booking moved or resized. */
  onChange: (booking: Booking, landing: Landing) => void;
  /** This user's drag now (for the others), or null when let go. */
  onHold: (held: { booking: Booking | null; landing: Landing } | null) => void;
  /** Words for the screen reader's live region. */
  announce: (words: string) => void;
}

/**
 * The calendar: a time axis, a column per room (day view) or per day (week view), bookings drawn
 * on them. Mouse, touch and keyboard drags all come in as dnd-kit deltas: vertical pixels are
 * minutes (snapped to quarter hours, kept inside opening hours), horizontal ones whole columns.
 * The held booking stays put, faded, while a preview shows where it would land.
 */
export const CalendarGrid = memo(function CalendarGrid({ columns, bookings, zone, now, today, drags, onOpen, onCreate, onChange, onHold, announce }: CalendarGridProps) {
  const previous = useRef<Record<string, readonly Booking[]>>({});
  const byColumn = useMemo(() => (previous.current = bookingsByColumn(columns, bookings, zone, previous.current)), [columns, bookings, zone]);
  const byId = useMemo(() => new Map(bookings.map((b) => [b.id, b] as const)), [bookings]);
  const [held, setHeld] = useState<Held | null>(null);
  const heldRef = useRef<Held | null>(null);
  const columnWidth = useRef(140);
  const scroller = useRef<HTMLDivElement>(null);
  const lastDrop = useRef(0);

  const setHolding = (next: Held | null) => {
    heldRef.current = next;
    setHeld(next);
  };

  // Open on the working day: the earliest opening hour in view, or now on today.
  const firstScroll = useRef(false);
  useEffect(() => {
    if (firstScroll.current || columns.length === 0 || !scroller.current) return;
    firstScroll.current = true;
    const opens = Math.min(...columns.map((c) => c.hours.opens));
    const nowMinutes = minutesOnDay(now, today, zone);
    const focus = columns.some((c) => c.day === today) && nowMinutes > opens + 120 ? nowMinutes - 120 : opens - 30;
    scroller.current.scrollTop = minutesToPx(Math.max(0, focus), SCALE);
  }, [columns, now, today, zone]);

  const describe = useCallback((landing: Landing) => `${landing.column.name}, ${clockText(landing.span.start)} to ${clockText(landing.span.end)}`, []);

  // Keyboard drags step a quarter hour up or down, or a whole column sideways, counted here (as the
  // deal board does): the sensor's own coordinates stay put, so it never scrolls the calendar under the drag.
  const keySteps = useRef({ x: 0, y: 0 });
  const moveRef = useRef<(dx: number, dy: number) => void>(() => undefined);
  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { currentCoordinates }) => {
    if (!ARROWS.has(event.code)) return undefined;
    event.preventDefault();
    const step = { ArrowDown: [0, 1], ArrowUp: [0, -1], ArrowRight: [1, 0], ArrowLeft: [-1, 0] }[event.code]!;
    keySteps.current = { x: keySteps.current.x + step[0]!, y: keySteps.current.y + step[1]! };
    moveRef.current(keySteps.current.x * columnWidth.current, keySteps.current.y * SLOT_PX);
    return currentCoordinates;
  }, []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // Scrolling at once, not smoothly: a step past the visible hours lands where it says, however fast the keys come.
    useSensor(KeyboardSensor, { coordinateGetter, scrollBehavior: 'auto', keyboardCodes: { start: ['Space'], end: ['Space'], cancel: ['Escape'] } }),
  );

  const landingOf = (h: Held): Landing | null => {
    const column = columns[h.to.column];
    return column ? { column, span: h.to.span } : null;
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    const column = data ? columns[data.column] : undefined;
    if (!data || !column) return;
    const what = heldAt(activatorEvent?.target);
    const element = document.querySelector<HTMLElement>(`[data-column-index="${data.column}"]`);
    if (element) columnWidth.current = element.offsetWidth;
    const keyboard = activatorEvent instanceof KeyboardEvent;
    let span: Span;
    let booking: Booking | null = null;
    if (what.kind === 'create') {
      const y = pointerY(activatorEvent);
      const start =
        keyboard || y === null || !element
          ? keyboardStart(column, today, minutesOnDay(new Date(), today, zone))
          : createAnchor(pxToMinutes(y - element.getBoundingClientRect().top, SCALE), column.hours);
      span = { start, end: start + SLOT_MINUTES };
    } else {
      booking = what.bookingId ? (byId.get(what.bookingId) ?? null) : null;
      if (!booking) return;
      span = spanOn(booking, column.day, zone);
    }
    const to = { column: data.column, span: what.kind === 'create' ? dragSpan('create', span, 0, column.hours) : span };
    keySteps.current = { x: 0, y: 0 };
    const next: Held = { kind: what.kind, bookingId: booking?.id ?? null, from: { column: data.column, span }, to, keyboard, focused: keyboard ? document.activeElement : null };
    setHolding(next);
    onHold({ booking, landing: { column, span: to.span } });
    const words = booking ? (what.kind === 'move' ? `Picked up ${booking.title}` : `Resizing ${booking.title}`) : 'Drawing a new booking';
    announce(`${words}. ${describe({ column, span: to.span })}`);
  };

  const moveBy = (dx: number, dy: number) => {
    const current = heldRef.current;
    if (!current) return;
    const delta = { x: dx, y: dy };
    const column = dragColumn(current.kind, current.from.column, delta.x, columnWidth.current, columns.length);
    const target = columns[column];
    if (!target) return;
    const span = dragSpan(current.kind, current.from.span, pxToMinutes(delta.y, SCALE), target.hours);
    if (column === current.to.column && span.start === current.to.span.start && span.end === current.to.span.end) return;
    const next = { ...current, to: { column, span } };
    setHolding(next);
    const booking = current.bookingId ? (byId.get(current.bookingId) ?? null) : null;
    onHold({ booking, landing: { column: target, span } });
    if (current.keyboard) {
      const clash = clashIn(byColumn[target.key] ?? [], span, target.day, zone, current.bookingId ?? undefined);
      announce(`${describe({ column: target, span })}${clash ? `. Taken by ${clash.title}` : ''}`);
    }
  };
  moveRef.current = moveBy;

  // Pointer drags: dnd-kit's delta (scrolling included). Keyboard drags move through coordinateGetter.
  const onDragMove = ({ delta }: DragMoveEvent) => {
    if (heldRef.current && !heldRef.current.keyboard) moveBy(delta.x, delta.y);
  };

  const finish = (dropped: boolean) => {
    const current = heldRef.current;
    setHolding(null);
    onHold(null);
    if (!current) return;
    if (!current.keyboard) lastDrop.current = Date.now();
    // The booking (or its edge) keeps the focus; a booking re-rendered in another column is found again by its id.
    if (current.keyboard) {
      const focused = current.focused;
      const edge = focused?.getAttribute('data-edge');
      requestAnimationFrame(() => {
        if (focused instanceof HTMLElement && focused.isConnected) return focused.focus();
        const id = current.bookingId;
        if (id) document.querySelector<HTMLElement>(`[data-booking-id="${id}"] ${edge ? `[data-edge="${edge}"]` : '[role="button"]'}`)?.focus();
      });
    }
    const landing = landingOf(current);
    if (!dropped || !landing) {
      announce('Cancelled. Nothing changed.');
      return;
    }
    if (current.kind === 'create') {
      onCreate(landing);
      return;
    }
    const booking = current.bookingId ? byId.get(current.bookingId) : undefined;
    if (!booking) return;
    const same = current.to.column === current.from.column && current.to.span.start === current.from.span.start && current.to.span.end === current.from.span.end;
    if (same) {
      announce(`${booking.title} dropped where it was.`);
      return;
    }
    onChange(booking, landing);
  };

  // A click right after a drop is the drop's own mouseup: not a pick.
  const onPick = useCallback(
    (index: number, start: number | null) => {
      if (Date.now() - lastDrop.current < 300) return;
      const column = columns[index];
      if (!column) return;
      const from = start ?? keyboardStart(column, today, minutesOnDay(new Date(), today, zone));
      onCreate({ column, span: { start: from, end: Math.min(from + 60, column.hours.closes) } });
    },
    [columns, today, zone, onCreate],
  );
  const onOpenBooking = useCallback(
    (booking: Booking) => {
      if (Date.now() - lastDrop.current < 300) return;
      onOpen(booking);
    },
    [onOpen],
  );

  const nowMinutesToday = minutesOnDay(now, today, zone);
  const othersByColumn = useMemo(() => {
    const out: Record<string, OtherBookingDrag[]> = {};
    const list = Object.values(drags);
    if (list.length === 0) return out;
    for (const column of columns) {
      const here = list.filter((d) => d.room_id === column.roomId && (spanOn(d, column.day, zone).end > 0 || (d.booking_id && (byColumn[column.key] ?? []).some((b) => b.id === d.booking_id))));
      if (here.length > 0) out[column.key] = here;
    }
    return out;
  }, [drags, columns, zone, byColumn]);

  const template = `${GUTTER_PX}px repeat(${columns.length}, minmax(8.5rem, 1fr))`;
  const preview = held ? landingOf(held) : null;
  const previewClash = preview ? clashIn(byColumn[preview.column.key] ?? [], preview.span, preview.column.day, zone, held?.bookingId ?? undefined) : null;
  const heldColumnKey = held?.bookingId ? columns[held.from.column]?.key : undefined;

  return (
    <DndContext
      sensors={sensors}
      autoScroll={{ threshold: { x: 0.1, y: 0.15 } }}
      collisionDetection={() => []}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={(_event: DragEndEvent) => finish(true)}
      onDragCancel={() => finish(false)}
      accessibility={{
        // The calendar gives the focus back itself (to the booking, not to its column).
        restoreFocus: false,
        screenReaderInstructions: { draggable: INSTRUCTIONS },
        announcements: { onDragStart: () => undefined, onDragMove: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined },
      }}
    >
      <div ref={scroller} className="focus-visible:ring-brand-500 relative max-h-[calc(100dvh-15rem)] min-h-[24rem] overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:ring-2 focus-visible:outline-none" data-testid="calendar" role="region" aria-label="Calendar" tabIndex={0}>
        <div className="sticky top-0 z-40 grid border-b border-slate-200 bg-white" style={{ gridTemplateColumns: template }}>
          <div className="sticky left-0 z-10 bg-white" />
          {columns.map((column) => (
            <div key={column.key} className={cn('border-l border-slate-200 px-2 py-2', column.day === today && 'bg-brand-50')} data-testid="calendar-column-head">
              <p className="truncate text-sm font-semibold text-slate-900">{column.label}</p>
              <p className="truncate text-xs text-slate-600">{column.sublabel}</p>
            </div>
          ))}
        </div>
        <div className="relative grid" style={{ gridTemplateColumns: template }}>
          <div className="sticky left-0 z-30 bg-white" style={{ gridColumn: 1, gridRow: 1 }} aria-hidden>
            {Array.from({ length: 24 }, (_, hour) => (
              <span key={hour} className="absolute right-2 -translate-y-1/2 text-[11px] text-slate-600 tabular-nums" style={{ top: minutesToPx(hour * 60, SCALE) }}>
                {hour === 0 ? '' : clockText(hour * 60)}
              </span>
            ))}
          </div>
          {columns.map((column, index) => (
            <div key={column.key} style={{ gridColumn: index + 2, gridRow: 1 }}>
              <CalendarColumnView
                column={column}
                index={index}
                bookings={byColumn[column.key] ?? NONE}
                zone={zone}
                scale={SCALE}
                pastMinutes={column.day < today ? DAY_MINUTES : column.day === today ? nowMinutesToday : 0}
                nowMinutes={column.day === today ? nowMinutesToday : null}
                heldId={column.key === heldColumnKey ? (held?.bookingId ?? null) : null}
                others={othersByColumn[column.key] ?? NO_DRAGS}
                onOpen={onOpenBooking}
                onPick={onPick}
              />
            </div>
          ))}
          {preview && held && (
            // Moved by a transform, not as a grid item: a drag step repaints the preview, never lays out the grid.
            <div
              className={cn(
                'pointer-events-none absolute top-0 left-0 z-40 rounded-md border-2 px-1.5 py-0.5 text-xs font-semibold shadow-lg will-change-transform',
                previewClash ? 'border-red-500 bg-red-50 text-red-800' : 'border-brand-500 bg-brand-100 text-brand-900',
              )}
              style={{
                width: columnWidth.current - 8,
                height: minutesToPx(preview.span.end - preview.span.start, SCALE),
                transform: `translate3d(${GUTTER_PX + held.to.column * columnWidth.current + 4}px, ${minutesToPx(preview.span.start, SCALE)}px, 0)`,
              }}
              data-testid="drag-preview"
            >
              {clockText(preview.span.start)}–{clockText(preview.span.end)}
              {previewClash && <span className="block font-normal">Taken: {previewClash.title}</span>}
            </div>
          )}
        </div>
      </div>
    </DndContext>
  );
});

const NONE: readonly Booking[] = [];
const NO_DRAGS: readonly OtherBookingDrag[] = [];

/** The vertical position a pointer drag began at; null for the keyboard. */
function pointerY(event: Event | null): number | null {
  if (!event) return null;
  if ('touches' in event) {
    const touch = (event as TouchEvent).touches[0] ?? (event as TouchEvent).changedTouches[0];
    return touch ? touch.clientY : null;
  }
  if ('clientY' in event) return (event as MouseEvent).clientY;
  return null;
}
