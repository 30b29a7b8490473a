import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { defaultRangeExtractor, measureElement, useVirtualizer } from '@tanstack/react-virtual';
import type { Deal } from '@shared/schemas/deals';

/** Every column scrolls on its own, never taller than the window. */
export const COLUMN_SCROLL = 'max-h-[calc(100dvh-12rem)] min-h-0 overflow-y-auto overscroll-contain';
/** A card's usual height before any is measured (each is, once shown) and the gap between cards. */
const CARD_ESTIMATE = 132;
const GAP = 8;

interface VirtualCardsProps {
  deals: readonly Deal[];
  /** The card this user holds, if it is in this column: always rendered, scrolled into view for the keyboard. */
  held: { id: string; keyboard: boolean } | null;
  renderCard: (deal: Deal) => ReactNode;
}

/**
 * A long column: only the cards near its scroll position are in the page, so a column of 500
 * costs about what a column of 15 does. The card being dragged stays rendered wherever it is
 * (dnd-kit measures it), and a keyboard drag scrolls its new place into view. Cards are placed
 * with `top`, not a transform, so the glide of a moved card (FlipMoves) and the drag's own
 * transform on the card inside stay free.
 */
export function VirtualCards({ deals, held, renderCard }: VirtualCardsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const heldIndex = held ? deals.findIndex((d) => d.id === held.id) : -1;
  // The last card measured: the estimate for the ones not yet shown (it follows the density).
  const typical = useRef(CARD_ESTIMATE);
  const estimateSize = useCallback(() => typical.current, []);
  const virtualizer = useVirtualizer({
    count: deals.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    // The library's own measurement (a card it has measured keeps its size; a new one is read
    // as it mounts, so the column is right in the same frame), teaching the estimate as it goes.
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      if (size > 0) typical.current = size;
      return size;
    },
    getItemKey: (index) => deals[index]!.id,
    overscan: 6,
    gap: GAP,
    paddingStart: GAP,
    paddingEnd: GAP,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return heldIndex < 0 || indexes.includes(heldIndex) ? indexes : [...indexes, heldIndex].sort((a, b) => a - b);
    },
  });

  const keyboard = held?.keyboard ?? false;
  useEffect(() => {
    if (keyboard && heldIndex >= 0) virtualizer.scrollToIndex(heldIndex, { align: 'auto' });
  }, [keyboard, heldIndex, virtualizer]);

  return (
    <div ref={scroller} className={COLUMN_SCROLL} data-virtual-column>
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const deal = deals[item.index]!;
          return (
            <div
              role="listitem"
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={deals.length}
              aria-posinset={item.index + 1}
              data-flip-id={deal.id}
              className="absolute inset-x-2"
              style={{ top: item.start }}
            >
              {renderCard(deal)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
