import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Cards glide to where they now stand instead of jumping (someone else's move, an undo, a card
 * that returns after a refusal): after each render every `[data-flip-id]` element under `root`
 * that moved is animated from its old place (FLIP). Off while `paused` (dnd-kit animates the
 * drag itself) and for people who ask for reduced motion. Scrolling the board or a column moves
 * cards on screen without moving them anywhere: the places seen before it are forgotten.
 */
export function useFlip(root: RefObject<HTMLElement | null>, paused: boolean) {
  const last = useRef(new Map<string, DOMRect>());
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const forget = () => last.current.clear();
    // Scroll events do not bubble: listen in the capture phase to hear every column's.
    container.addEventListener('scroll', forget, { capture: true, passive: true });
    return () => container.removeEventListener('scroll', forget, { capture: true });
  }, [root]);
  useLayoutEffect(() => {
    const container = root.current;
    if (!container) return;
    // While a card is dragged, dnd-kit animates and every render would measure every card.
    if (paused) {
      last.current.clear();
      return;
    }
    const next = new Map<string, DOMRect>();
    const animate = !reducedMotion();
    for (const element of container.querySelectorAll<HTMLElement>('[data-flip-id]')) {
      const id = element.dataset.flipId!;
      const rect = element.getBoundingClientRect();
      next.set(id, rect);
      const before = last.current.get(id);
      if (!animate || !before) continue;
      const dx = before.left - rect.left;
      const dy = before.top - rect.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], { duration: 320, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
    }
    last.current = next;
  });
}
