import { useEffect, useState } from 'react';
/**
 * Work the first paint must not wait for: chunks fetched once the page is idle, one per idle
 * period, so that a view opened later (or a toast shown) does not wait on the network.
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
 * How long after the person's last key press, click or scroll the next chunk may load. A chunk
 * compiles and runs in one long task (the withdrawal form's with its schemas: 50-100 ms on a
 * 2-core machine), and one landing between two keystrokes held up their paint: bench:ui types
 * into the Balances search right after the first paint, as someone searching at once does.
 */
export const PREFETCH_INPUT_QUIET_MS = 1_000;

const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const;

/**
 * Calls each loader in turn, the next once the last has loaded (its chunk arrives and runs as one
 * task: several at once made one long one), each in an idle period, and none within `quietMs` of
 * the start or of the person's last input. A failed load is left for the moment the chunk is
 * really needed, where its error shows (a view's error boundary, for example). Returns a function
 * that stops what is left.
 */
export function prefetchWhenIdle(loaders: ReadonlyArray<() => Promise<unknown>>, quietMs = PREFETCH_INPUT_QUIET_MS): () => void {
  let next = 0;
  let stopped = false;
  // The start counts as input: someone who starts typing the moment the page shows finds no chunk
  // landing between their keystrokes.
  let lastInputAt = performance.now();
  const noteInput = () => {
    lastInputAt = performance.now();
  };
  const listen = (on: boolean) => {
    for (const type of INPUT_EVENTS) (on ? globalThis.addEventListener : globalThis.removeEventListener)?.call(globalThis, type, noteInput, { capture: true, passive: true } as AddEventListenerOptions);
  };
  const stop = () => {
    stopped = true;
    listen(false);
  };
  const step = () => {
    if (stopped) return;
    const load = loaders[next];
    if (!load) return stop();
    const sinceInput = performance.now() - lastInputAt;
    if (sinceInput < quietMs) {
      setTimeout(() => whenIdle(step), quietMs - sinceInput);
      return;
    }
    next += 1;
    void load()
      .catch(() => undefined)
      .then(() => whenIdle(step));
  };
  listen(true);
  whenIdle(step);
  return stop;
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
