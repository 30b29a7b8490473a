import { useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return document.scrollingElement as HTMLElement | null;
}

/**
 * Virtual rows for a list that scrolls with its page (the shell's main area), not in a box of
 * its own: only the rows near the viewport are rendered, measured as they appear.
 */
export function useListVirtualizer(count: number, estimateSize: number, overscan = 6) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = scrollParent(list);
    setScrollElement(parent);
    if (!list || !parent) return;
    const measure = () => {
      const margin = list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop;
      setScrollMargin((m) => (Math.abs(m - margin) > 1 ? margin : m));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    if (parent.firstElementChild) observer.observe(parent.firstElementChild);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => estimateSize,
    overscan,
    scrollMargin,
  });
  return { listRef, virtualizer, scrollMargin };
}

/** The container's width, for choosing grid columns. */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
