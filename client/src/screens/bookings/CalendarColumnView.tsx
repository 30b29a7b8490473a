import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { Booking } from '@shared/schemas/bookings';
import { Avatar } from '../../components/ui/Avatar';
import { DAY_MINUTES, clockOf, minutesToPx, pxToMinutes, type Scale } from './bookingTime';
import { BookingBlock } from './BookingBlock';
import type { OtherBookingDrag } from '../../live/bookingDrags';
import { createAnchor } from './calendarDrag';
import type { DragData } from './CalendarGrid';
import { spanOn, type CalendarColumn } from './calendarModel';

export interface CalendarColumnViewProps {
  column: CalendarColumn;
  index: number;
  bookings: readonly Booking[];
  zone: string;
  scale: Scale;
  /** Minutes of this column's day already past: greyed (the whole day for a day gone by). */
  pastMinutes: number;
  /** Where the now line stands, or null when the column's day is not today. */
  nowMinutes: number | null;
  /** The booking this user holds, when it stands in this column. */
  heldId: string | null;
  /** Other people's drags over this column and of its bookings. */
  others: readonly OtherBookingDrag[];
  onOpen: (booking: Booking) => void;
  /** A click (or Enter) on free time: book from that quarter hour. */
  onPick: (column: number, start: number | null) => void;
}

/** One room on one day: shaded closed hours, greyed past, the now line, its bookings, and free time to draw a booking on. */
export const CalendarColumnView = memo(function CalendarColumnView({ column, index, bookings, zone, scale, pastMinutes, nowMinutes, heldId, others, onOpen, onPick }: CalendarColumnViewProps) {
  // One draggable for the whole column: free time, its bookings and their edges (what a drag
  // began on says which, CalendarGrid's onDragStart).
  const { setNodeRef, attributes, listeners } = useDraggable({ id: `column:${column.key}`, data: { column: index } satisfies DragData, disabled: !column.canWrite });
  const describedBy = attributes['aria-describedby'];
  const px = (minutes: number) => minutesToPx(minutes, scale);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!column.canWrite) return;
    const rect = event.currentTarget.getBoundingClientRect();
    onPick(index, createAnchor(pxToMinutes(event.clientY - rect.top, scale), column.hours));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onPick(index, null);
      return;
    }
  };
  const heldBy = (id: string) => others.find((o) => o.booking_id === id);
  return (
    <div
      ref={setNodeRef}
      {...(column.canWrite ? listeners : {})}
      className="relative border-l border-slate-200"
      style={{ height: px(DAY_MINUTES) }}
      data-calendar-column={column.key}
      data-column-index={index}
    >
      {/* Closed hours, then the past: drawn under everything. */}
      <div aria-hidden className="calendar-closed absolute inset-x-0 top-0" style={{ height: px(column.hours.opens) }} />
      <div aria-hidden className="calendar-closed absolute inset-x-0" style={{ top: px(column.hours.closes), height: px(DAY_MINUTES - column.hours.closes) }} />
      {pastMinutes > 0 && <div aria-hidden className="absolute inset-x-0 top-0 bg-slate-400/15" style={{ height: px(Math.min(pastMinutes, DAY_MINUTES)) }} data-testid="calendar-past" />}
      <div
        {...(column.canWrite
          ? { role: 'button', tabIndex: 0, 'aria-roledescription': 'free time', 'aria-label': `Book ${column.name}`, 'aria-describedby': describedBy }
          : { 'aria-hidden': true })}
        onClick={onClick}
        onKeyDown={column.canWrite ? onKeyDown : undefined}
        className="calendar-hours absolute inset-0 touch-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
        data-testid="calendar-surface"
      />
      {nowMinutes !== null && (
        <div aria-hidden className="pointer-events-none absolute inset-x-0 z-30 border-t-2 border-red-500" style={{ top: px(nowMinutes) }} data-testid="now-line">
          {index === 0 && <span className="absolute -top-1.5 -left-1 h-2.5 w-2.5 rounded-full bg-red-500" />}
        </div>
      )}
      {bookings.map((booking) => (
        <BookingBlock
          key={booking.id}
          booking={booking}
          span={spanOn(booking, column.day, zone)}
          zone={zone}
          scale={scale}
          canWrite={column.canWrite}
          held={booking.id === heldId}
          heldBy={heldBy(booking.id)}
          describedBy={describedBy}
          onOpen={onOpen}
        />
      ))}
      {others.map((other) => (
        <OtherDragGhost key={other.user_id} drag={other} column={column} zone={zone} scale={scale} />
      ))}
    </div>
  );
});

/** Where someone else's pointer holds a booking (or draws a new one) now, with their avatar. */
function OtherDragGhost({ drag, column, zone, scale }: { drag: OtherBookingDrag; column: CalendarColumn; zone: string; scale: Scale }) {
  if (drag.room_id !== column.roomId) return null;
  const span = spanOn(drag, column.day, zone);
  if (span.end <= span.start) return null;
  const words = `${drag.name} is ${drag.booking_id ? 'moving a booking to' : 'booking'} ${clockOf(drag.starts_at, zone)}–${clockOf(drag.ends_at, zone)}`;
  return (
    <div
      className="pointer-events-none absolute inset-x-1 z-20 rounded-md border-2 border-dashed border-amber-500 bg-amber-50/80"
      style={{ top: minutesToPx(span.start, scale), height: minutesToPx(span.end - span.start, scale) }}
      data-testid="other-drag"
      title={words}
    >
      <span className="absolute top-0.5 right-0.5">
        <Avatar name={drag.name} id={drag.user_id} className="h-5 w-5 text-[9px]" />
      </span>
      <span className="sr-only">{words}</span>
    </div>
  );
}
