import { useEffect, useState } from 'react';
/**
 * Work the first paint must not wait for: chunks fetched once the page is idle, one per idle
 * period, so that a view opened later (or a toast shown) does not wait on the network (issue 14).
 */

/** requestIdleCallback where there is one (Chromium, Electron); a short timer elsewhere (jsdom). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 50);
}

/**
 * Runs `run` once the browser has painted the next frame: a requestAnimationFrame callback runs just
 * before that paint, and a task queued from it runs after. (A timer alone would usually run before
 * the paint.) Where there are no frames (jsdom), a plain timer.
 */
export function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/**
 * Calls each loader in turn, each in its own idle period. A failed load is left for the moment the
 * chunk is really needed, where its error shows (a view's error boundary, for example).
 */
export function prefetchWhenIdle(loaders: ReadonlyArray<() => Promise<unknown>>): void {
  let next = 0;
  const step = () => {
    const load = loaders[next++];
    if (!load) return;
    load().catch(() => undefined);
    whenIdle(step);
  };
  whenIdle(step);
}

/**
 * False until the page has painted once and then had an idle moment; true after. Parts that
 * are not in the first paint mount then, so their chunks, their render and their layout do not
 * hold up the first frame.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    // The frame after this commit is the first paint; an idle moment after it comes next.
    requestAnimationFrame(() => whenIdle(() => !cancelled && setPainted(true)));
    return () => {
      cancelled = true;
    };
  }, []);
  return painted;
}
