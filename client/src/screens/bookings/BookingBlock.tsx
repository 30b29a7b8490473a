import { memo, type KeyboardEvent } from 'react';
import type { Booking } from '@shared/schemas/bookings';
import { Avatar } from '../../components/ui/Avatar';
import { cn } from '../../lib/cn';
import type { OtherBookingDrag } from '../../live/bookingDrags';
import { clockOf, minutesToPx, type Scale } from './bookingTime';
import type { Span } from './calendarDrag';

export interface BookingBlockProps {
  booking: Booking;
  span: Span;
  zone: string;
  scale: Scale;
  canWrite: boolean;
  /** This user holds it now: it fades while its preview follows the pointer. */
  held: boolean;
  /** Someone else drags it now. */
  heldBy: OtherBookingDrag | undefined;
  /** The id of the drag instructions, read with the booking. */
  describedBy: string | undefined;
  onOpen: (booking: Booking) => void;
}

/**
 * A booking in its column: drag it to move it, drag its edges to resize it, Enter to open it.
 * The column's one draggable hears the drag and tells a move from a resize by what it began on
 * (data-booking-id, data-edge): hundreds of bookings, no draggable each.
 */
export const BookingBlock = memo(function BookingBlock({ booking, span, zone, scale, canWrite, held, heldBy, describedBy, onOpen }: BookingBlockProps) {
  const times = `${clockOf(booking.starts_at, zone)}–${clockOf(booking.ends_at, zone)}`;
  const who = booking.member_name ? `, ${booking.member_name}` : '';
  const top = minutesToPx(span.start, scale);
  const height = Math.max(minutesToPx(span.end - span.start, scale), 14);
  const short = height < 36;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(booking);
    }
  };
  return (
    <div
      className={cn('group absolute inset-x-1 z-10', held && 'opacity-40')}
      style={{ top, height }}
      data-booking-id={booking.id}
    >
      <div
        role="button"
        tabIndex={0}
        aria-describedby={canWrite ? describedBy : undefined}
        aria-roledescription={canWrite ? 'movable booking' : 'booking'}
        aria-label={`${booking.title}, ${times}${who}`}
        onClick={() => onOpen(booking)}
        onKeyDown={onKeyDown}
        className={cn(
          'absolute inset-0 overflow-hidden rounded-md border border-brand-200 bg-brand-50 px-1.5 text-left text-xs text-brand-900 shadow-sm',
          'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          canWrite ? 'cursor-grab touch-none' : 'cursor-pointer',
          heldBy && 'ring-2 ring-amber-400',
        )}
      >
        <div className={cn('pointer-events-none flex gap-1', short ? 'items-center' : 'flex-col pt-0.5')}>
          <span className="truncate font-semibold">{booking.title}</span>{' '}
          <span className="truncate text-brand-700 tabular-nums">
            {times}
            {/* The dot is drawn, not written: the text reads as the block's name does (title, times, member). */}
            {!short && booking.member_name ? (
              <>
                {' '}
                <span className="before:mr-1 before:content-['·']">{booking.member_name}</span>
              </>
            ) : null}
          </span>
        </div>
      </div>
      {canWrite && <EdgeHandle edge="start" booking={booking} describedBy={describedBy} />}
      {canWrite && <EdgeHandle edge="end" booking={booking} describedBy={describedBy} />}
      {heldBy && (
        <span className="absolute top-0.5 right-0.5 z-20" title={`${heldBy.name} is moving this booking`} data-testid="booking-held-by">
          <Avatar name={heldBy.name} id={heldBy.user_id} className="h-5 w-5 text-[9px]" />
          <span className="sr-only">{heldBy.name} is moving this booking</span>
        </span>
      )}
    </div>
  );
});

/**
 * A booking's edge: drag it to resize. The end edge takes the focus (Space, arrows, Space) so
 * the keyboard can resize too; the start edge is for pointers.
 */
function EdgeHandle({ edge, booking, describedBy }: { edge: 'start' | 'end'; booking: Booking; describedBy: string | undefined }) {
  const keyboard = edge === 'end';
  return (
    <div
      {...(keyboard
        ? { role: 'button', tabIndex: 0, 'aria-roledescription': 'resize handle', 'aria-label': `Change when ${booking.title} ends`, 'aria-describedby': describedBy }
        : { 'aria-hidden': true, tabIndex: -1 })}
      onClick={(event) => event.stopPropagation()}
      data-edge={edge}
      className={cn(
        'absolute inset-x-0 z-20 h-2 cursor-ns-resize touch-none focus-visible:bg-brand-200 focus-visible:outline-none',
        edge === 'start' ? 'top-0' : 'bottom-0',
        'after:absolute after:inset-x-1/3 after:h-0.5 after:rounded after:bg-brand-500 after:opacity-0 group-hover:after:opacity-100',
        edge === 'start' ? 'after:top-0.5' : 'after:bottom-0.5',
      )}
    />
  );
}
