import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is wider than the element, kept up to date as either resizes. A
 * box that scrolls sideways must then take the keyboard focus, so it can be scrolled without a mouse.
 */
export function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
