import { useLayoutEffect, useState, type RefObject } from 'react';

/** The rows to render, [start, end), and the empty space that stands for the rows left out. */
export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  /**
   * The most rows the window ever holds at this size. Keyed `index % slots`, the rows become
   * slots that keep their DOM element: a search or a re-sort writes new text into the same
   * elements instead of removing some and building others, and a scroll by one row moves one
   * element from one end to the other. No two rows in the window share a slot.
   */
  slots: number;
}

/** Used while the container has no size yet (first layout; jsdom, where nothing has a size). */
const FALLBACK_VIEWPORT_HEIGHT = 640;

/** Where the container is scrolled to and how much of it shows, in rows; changes only on scroll or resize. */
interface Viewport {
  firstRow: number;
  rowsInView: number;
}

/**
 * How tall the scroll container may grow, as its CSS says it: `max(atLeast, 100vh - windowMinus)`
 * pixels. The hook reads it to know the rows in view before any layout; `heightLimitStyle` writes
 * the same numbers into the container's style, so the two cannot drift apart.
 */
export interface HeightLimit {
  /** The part of the window's height that is never the container's (what sits above and below it). */
  windowMinus: number;
  /** The least height the container keeps in a short window. */
  atLeast: number;
}

export function heightLimitStyle(limit: HeightLimit): { maxHeight: string; minHeight: number } {
  return { maxHeight: `calc(100vh - ${limit.windowMinus}px)`, minHeight: limit.atLeast };
}

/**
 * Rows that fit in the most the container can show, known before any layout: the window's height,
 * less what the container's height limit leaves to the rest of the page. Counting by the
 * container's own height instead made the first size report (after layout, before the first
 * paint) re-render the table; counting by the whole window's height rendered a third more rows
 * than a 1280 x 800 window shows, and each search keystroke rewrote them all (bench:ui).
 */
function rowsInWindow(rowHeight: number, limit: HeightLimit | undefined, windowHeight = currentWindowHeight()): number {
  const height = limit ? Math.max(limit.atLeast, windowHeight - limit.windowMinus) : windowHeight;
  return Math.ceil(height / rowHeight);
}

function currentWindowHeight(): number {
  return (typeof window === 'undefined' ? 0 : window.innerHeight) || FALLBACK_VIEWPORT_HEIGHT;
}

function viewportOf(el: HTMLElement, rowHeight: number, limit: HeightLimit | undefined): Viewport {
  return { firstRow: Math.floor(el.scrollTop / rowHeight), rowsInView: Math.max(rowsInWindow(rowHeight, limit), Math.ceil(el.clientHeight / rowHeight)) };
}

/**
 * Which rows of a long table are in its scroll container's view (plus `overscan` on each side), so
 * that only those are in the DOM: 10 000 balances then cost as much as 30. Every row must be
 * `rowHeight` pixels tall (the table's CSS fixes it). A container whose height is limited by
 * `heightLimitStyle(limit)` passes the same `limit`; without one, the whole window's height counts.
 *
 * Written here rather than taken from @tanstack/react-virtual: with rows of one height the window
 * is plain arithmetic, while the library (about 10 KB gzipped, for measuring rows of any size)
 * would take a ninth of the first chunk's 90 KB budget. The container is measured only
 * when it scrolls or resizes, never while React commits (a search changing the row count reads no
 * layout), and a scroll re-renders only when it moves the window by a row.
 */
export function useRowWindow(
  containerRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
  limit?: HeightLimit,
): RowWindow {
  // Resizes reach the table through the ResizeObserver below; the window's height is only read here.
  const [viewport, setViewport] = useState<Viewport>(() => ({ firstRow: 0, rowsInView: rowsInWindow(rowHeight, limit) }));

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return undefined;
    const update = () => {
      const next = viewportOf(el, rowHeight, limit);
      setViewport((current) => (current.firstRow === next.firstRow && current.rowsInView === next.rowsInView ? current : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    // A ResizeObserver reports the size once layout is done, before the first paint: measuring here
    // instead would force a layout of the whole page in the middle of React's commit (bench:ui).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    if (observer) observer.observe(el);
    else update();
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [containerRef, rowHeight, limit]);

  // The count may have changed (a search) since the container last scrolled: never past the end.
  const end = Math.min(count, viewport.firstRow + viewport.rowsInView + overscan);
  const start = Math.min(Math.max(0, viewport.firstRow - overscan), end);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight, slots: viewport.rowsInView + 2 * overscan };
}
