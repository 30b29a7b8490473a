import { memo, type KeyboardEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { LiveAccent } from '../../../components/LiveMark';
import type { Touch } from '../../../live/collection';
import { cn } from '../../../lib/cn';
import { boxStyle } from './floorGeometry';
import { HEAT_NONE, HEAT_SHAPE, STATUS_SHAPE } from './floorColours';
import { heatBucket } from './heat';
import { itemName, type PlanItem } from './placementItems';

export interface FloorShapeProps {
  item: PlanItem;
  editable: boolean;
  heat: boolean;
  /** Someone else's latest change of this office, for the live accent. */
  touch: Touch | undefined;
  /** The office held in a drag right now (no glide while it follows the pointer). */
  held: 'move' | 'resize' | null;
  onOpen: (id: string) => void;
  onPeek: (id: string | null) => void;
  onArrow: (id: string, event: KeyboardEvent<HTMLButtonElement>) => void;
}

/**
 * One office on the plan: a button in its status colour (or its heat) with its number, desks,
 * member and days left. Editors drag it (mouse, touch, or Space and the arrow keys) and its
 * corner handle resizes it. Without a drag in hand the arrow keys step to the next office.
 */
export const FloorShape = memo(function FloorShape({ item, editable, heat, touch, held, onOpen, onPeek, onArrow }: FloorShapeProps) {
  const move = useDraggable({ id: `office:${item.id}`, disabled: !editable, data: { kind: 'move', id: item.id } });
  const resize = useDraggable({ id: `resize:${item.id}`, disabled: !editable, data: { kind: 'resize', id: item.id } });
  const bucket = heat ? heatBucket(item.status, item.daysLeft) : null;
  const colour = heat ? (bucket ? HEAT_SHAPE[bucket] : HEAT_NONE) : STATUS_SHAPE[item.status];
  const name = itemName(item);
  const moveBy = move.transform;
  const growBy = resize.transform;
  const style = {
    ...boxStyle(item),
    ...(moveBy ? { transform: `translate3d(${moveBy.x}px, ${moveBy.y}px, 0)` } : null),
    ...(growBy ? { width: `calc(${item.width * 100}% + ${growBy.x}px)`, height: `calc(${item.height * 100}% + ${growBy.y}px)` } : null),
  };
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key in ARROW_KEYS) {
      onArrow(item.id, event);
      return;
    }
    move.listeners?.onKeyDown?.(event);
  };
  return (
    <div
      // Someone else's move glides to its new place; the user's own drop stays where it was let go.
      className={cn('absolute', held ? 'z-20' : 'z-0', !held && touch && !touch.own && 'floor-glide', held === 'move' && 'opacity-90 shadow-lg')}
      style={style}
      data-office-id={item.id}
      data-office-number={item.number}
      data-testid="floor-shape"
      data-status={item.status}
      data-box={`${item.x},${item.y},${item.width},${item.height}`}
    >
      <button
        ref={move.setNodeRef}
        type="button"
        // A plan that cannot be edited is no drag source: no "draggable", no "disabled" for screen readers.
        {...(editable ? move.attributes : null)}
        {...move.listeners}
        onKeyDown={keyDown}
        aria-roledescription={editable ? 'movable office' : undefined}
        aria-describedby={editable ? 'floor-drag-help' : undefined}
        aria-label={name}
        onClick={() => onOpen(item.id)}
        onPointerEnter={() => onPeek(item.id)}
        onPointerLeave={() => onPeek(null)}
        onFocus={() => onPeek(item.id)}
        onBlur={() => onPeek(null)}
        data-floor-office={item.id}
        className={cn(
          'relative flex h-full w-full flex-col items-start overflow-hidden rounded-md border-2 px-1 py-0.5 text-left leading-tight transition-colors duration-700',
          'focus-visible:ring-brand-600 focus-visible:ring-offset-1 focus-visible:outline-none focus-visible:ring-[3px]',
          editable ? 'cursor-grab touch-none active:cursor-grabbing' : 'cursor-pointer',
          colour,
        )}
      >
        <LiveAccent touch={touch} className="rounded-md" />
        <span className="text-[0.8em] font-bold">{item.number}</span>
        <span className="floor-detail truncate text-[0.65em]">{item.desks} desks</span>
        {item.member && <span className="floor-detail w-full truncate text-[0.65em] font-medium">{item.member}</span>}
        {item.daysLeft !== null && item.status === 'LEASED' && (
          <span className="floor-detail text-[0.65em] tabular-nums">{item.daysLeft < 0 ? 'ended' : `${item.daysLeft}d`}</span>
        )}
      </button>
      {editable && (
        <button
          ref={resize.setNodeRef}
          type="button"
          {...resize.attributes}
          {...resize.listeners}
          aria-roledescription="resize handle"
          aria-describedby="floor-drag-help"
          aria-label={`Resize office ${item.number}`}
          className="focus-visible:ring-brand-600 absolute -right-2 -bottom-2 h-6 w-6 cursor-nwse-resize touch-none rounded-full border-2 border-slate-700 bg-white shadow focus-visible:ring-[3px] focus-visible:outline-none"
        />
      )}
    </div>
  );
});

const ARROW_KEYS = { ArrowLeft: 1, ArrowRight: 1, ArrowUp: 1, ArrowDown: 1 } as const;
