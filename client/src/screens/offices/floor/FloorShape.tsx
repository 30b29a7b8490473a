import { memo, type KeyboardEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { LiveAccent } from '../../../components/LiveMark';
import type { Touch } from '../../../live/collection';
import { cn } from '../../../lib/cn';
import { boxStyle } from './floorGeometry';
import { HEAT_NONE, HEAT_SHAPE, STATUS_SHAPE } from './floorColours';
import { heatBucket } from './heat';
import { deskWords, itemName, type PlanItem } from './placementItems';

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
  // One drag source per office for both the shape and its corner handle: which of the two the
  // drag started from says move or resize (FloorCanvas). Half the drag sources of a 300-office
  // floor, and half the work when a drag starts or ends (every source re-renders then).
  const drag = useDraggable({ id: `office:${item.id}`, disabled: !editable });
  const bucket = heat ? heatBucket(item.status, item.daysLeft) : null;
  const colour = heat ? (bucket ? HEAT_SHAPE[bucket] : HEAT_NONE) : STATUS_SHAPE[item.status];
  const by = drag.transform;
  const style = {
    ...boxStyle(item),
    ...(by && held === 'move' ? { transform: `translate3d(${by.x}px, ${by.y}px, 0)` } : null),
    ...(by && held === 'resize' ? { width: `calc(${item.width * 100}% + ${by.x}px)`, height: `calc(${item.height * 100}% + ${by.y}px)` } : null),
  };
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key in ARROW_KEYS) {
      onArrow(item.id, event);
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  // A plan that cannot be edited is no drag source: no "draggable", no "disabled" for screen readers.
  const attributes = editable ? drag.attributes : null;
  return (
    <div
      // The drag source is the element that carries the drag's transform: dnd-kit measures it
      // without its own transform, so its rectangle holds still while it moves, and the 299 other
      // offices are not re-rendered on every frame of a drag.
      ref={drag.setNodeRef}
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
        type="button"
        {...attributes}
        {...drag.listeners}
        onKeyDown={keyDown}
        aria-roledescription={editable ? 'movable office' : undefined}
        aria-describedby={editable ? 'floor-drag-help' : undefined}
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
        {/* Named by its full sentence; the face's short figures (6 desks, 42d) would not read as one. */}
        <span className="sr-only">{itemName(item)}</span>
        <ShapeFace item={item} touch={touch} />
      </button>
      {editable && (
        <button
          type="button"
          {...attributes}
          {...drag.listeners}
          aria-roledescription="resize handle"
          aria-describedby="floor-drag-help"
          aria-label={`Resize office ${item.number}`}
          data-resize-handle
          className="focus-visible:ring-brand-600 absolute -right-2 -bottom-2 h-6 w-6 cursor-nwse-resize touch-none rounded-full border-2 border-slate-700 bg-white shadow focus-visible:ring-[3px] focus-visible:outline-none"
        />
      )}
    </div>
  );
});

/** What a shape shows, memoised apart from the drag source: a drag starting elsewhere leaves it be. */
const ShapeFace = memo(function ShapeFace({ item, touch }: { item: PlanItem; touch: Touch | undefined }) {
  return (
    <>
      <LiveAccent touch={touch} className="rounded-md" />
      <span aria-hidden className="text-[0.8em] font-bold">{item.number}</span>
      <span aria-hidden className="floor-detail truncate text-[0.65em]">{deskWords(item.desks)}</span>
      {item.member && <span aria-hidden className="floor-detail w-full truncate text-[0.65em] font-medium">{item.member}</span>}
      {item.daysLeft !== null && item.status === 'LEASED' && <span aria-hidden className="floor-detail text-[0.65em] tabular-nums">{item.daysLeft < 0 ? 'ended' : `${item.daysLeft}d`}</span>}
    </>
  );
});

const ARROW_KEYS = { ArrowLeft: 1, ArrowRight: 1, ArrowUp: 1, ArrowDown: 1 } as const;
