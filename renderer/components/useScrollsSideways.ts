import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's content is wider than the element (it scrolls sideways), kept up to date
 * as either resizes. Tables use it to show their edge-shadow cue, and to join the tab order, only
 * while there is more to see.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer also reports once right after observe(), which sets the first value.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
