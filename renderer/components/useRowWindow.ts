import { useLayoutEffect, useState, type RefObject } from 'react';

/** The rows to render, [start, end), and the empty space that stands for the rows left out. */
export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Used while the container has no size yet (first layout; jsdom, where nothing has a size). */
const FALLBACK_VIEWPORT_HEIGHT = 640;

function windowAt(scrollTop: number, viewportHeight: number, count: number, rowHeight: number, overscan: number): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * Which rows of a long table are in its scroll container's view (plus `overscan` on each side), so
 * that only those are in the DOM: 10 000 balances then cost as much as 30. Every row must be
 * `rowHeight` pixels tall (the table's CSS fixes it).
 *
 * Written here rather than taken from @tanstack/react-virtual: with rows of one height the window
 * is plain arithmetic, while the library (about 10 KB gzipped, for measuring rows of any size)
 * would take a ninth of the first chunk's 90 KB budget (issue 14). It re-renders only when the
 * window moves by a row, not on every scrolled pixel.
 */
export function useRowWindow(containerRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindow {
  const [range, setRange] = useState(() => windowAt(0, FALLBACK_VIEWPORT_HEIGHT, count, rowHeight, overscan));

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    const update = () => {
      const next = windowAt(el.scrollTop, el.clientHeight || FALLBACK_VIEWPORT_HEIGHT, count, rowHeight, overscan);
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [containerRef, count, rowHeight, overscan]);

  // The count may have shrunk (a search) since the window was last computed: never past the end.
  const end = Math.min(range.end, count);
  const start = Math.min(range.start, end);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}
