import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from 'react';

/** Rows rendered above and below the visible ones, so fast scrolling does not show blank space. */
const OVERSCAN = 10;
/** Used until the container is measured (and in jsdom, where nothing has a size). */
const FALLBACK_VIEWPORT_PX = 640;

export interface WindowedRows {
  containerRef: React.RefObject<HTMLDivElement | null>;
  onScroll(event: UIEvent<HTMLDivElement>): void;
  start: number;
  end: number;
  /** Height of the spacer before the first rendered row and after the last. */
  padTop: number;
  padBottom: number;
}

/**
 * Simple windowing for long tables with fixed-height rows: only the rows inside the scroll
 * container's viewport (plus an overscan) are in the DOM, so 10 000 balances cost as much to
 * render as 30.
 */
export function useWindowedRows(count: number, rowHeight: number): WindowedRows {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT_PX);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight > 0 ? el.clientHeight : FALLBACK_VIEWPORT_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop), []);

  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.min(count, Math.max(0, first - OVERSCAN));
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + OVERSCAN);
  return { containerRef, onScroll, start, end, padTop: start * rowHeight, padBottom: Math.max(0, count - end) * rowHeight };
}
