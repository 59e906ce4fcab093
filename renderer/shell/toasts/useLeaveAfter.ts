import { useEffect, useRef } from 'react';

/**
 * A toast that leaves by itself: `leave` is called once `lifetimeMs` has passed, unless the
 * pointer or the focus is on the toast then (someone is reading it; it waits for the next round).
 * A new `restartKey` (new words in the toast) starts the time again. Returns the toast's handlers.
 */
export function useLeaveAfter(lifetimeMs: number, leave: () => void, restartKey: unknown) {
  const latest = useRef(leave);
  useEffect(() => {
    latest.current = leave;
  });
  const paused = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => {
      if (!paused.current) latest.current();
    }, lifetimeMs);
    return () => clearInterval(timer);
  }, [lifetimeMs, restartKey]);
  const pause = () => void (paused.current = true);
  const resume = () => void (paused.current = false);
  return { onMouseEnter: pause, onMouseLeave: resume, onFocus: pause, onBlur: resume };
}
