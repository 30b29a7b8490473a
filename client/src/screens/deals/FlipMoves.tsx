import { Component, type RefObject } from 'react';
import { movedDeals, type DealColumns } from './boardColumns';

let motionQuery: MediaQueryList | null | undefined;
/** Asked once: matchMedia itself is not free, and the board asks on every move. */
const reducedMotion = () => {
  if (motionQuery === undefined) motionQuery = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  return motionQuery?.matches ?? false;
};

const GLIDE = { duration: 320, easing: 'cubic-bezier(0.2, 0, 0, 1)' };

interface FlipMovesProps {
  /** The board: the cards are its `[data-flip-id]` elements. */
  root: RefObject<HTMLElement | null>;
  /** The columns as rendered (a drag's draft included). */
  columns: DealColumns;
  /** Off while dnd-kit animates a pointer drag itself. */
  paused: boolean;
  /** The card held with the keyboard: it glides even when it only changed places within its column. */
  held: string | null;
}

/**
 * Cards glide to where they now stand instead of jumping (someone else's move, an undo, a card
 * that returns after a refusal, a keyboard step): the cards that moved are measured just before
 * React changes the page and just after, and animated from their old place (FLIP). Only those
 * cards: a move measures one or two elements, not every card on the board. A class, because
 * getSnapshotBeforeUpdate is React's only moment before the page changes. Nothing for people who
 * ask for reduced motion.
 */
export class FlipMoves extends Component<FlipMovesProps> {
  override getSnapshotBeforeUpdate(previous: FlipMovesProps): Map<string, DOMRect> | null {
    const { root, columns, paused, held } = this.props;
    const container = root.current;
    if (!container || paused || previous.paused || (previous.columns === columns && !held)) return null;
    const ids = movedDeals(previous.columns, columns);
    if (held && !ids.includes(held)) ids.push(held);
    if (ids.length === 0 || reducedMotion()) return null;
    const places = new Map<string, DOMRect>();
    for (const id of ids) {
      const element = container.querySelector<HTMLElement>(`[data-flip-id="${CSS.escape(id)}"]`);
      if (element) places.set(id, element.getBoundingClientRect());
    }
    return places.size > 0 ? places : null;
  }

  override componentDidUpdate(_previous: FlipMovesProps, _state: unknown, before: Map<string, DOMRect> | null) {
    const container = this.props.root.current;
    if (!before || !container) return;
    for (const [id, was] of before) {
      const element = container.querySelector<HTMLElement>(`[data-flip-id="${CSS.escape(id)}"]`);
      if (!element) continue;
      const now = element.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], GLIDE);
    }
  }

  override render() {
    return null;
  }
}
