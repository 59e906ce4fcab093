import { useRef, type ReactNode } from 'react';
import { useScrollsSideways } from './useScrollsSideways';

/**
 * A box that scrolls a wide table sideways. While it scrolls, a keyboard must reach it (arrow keys
 * scroll it), so it joins the tab order as a group named like its table; one that fits stays out.
 */
export function SidewaysScroller(props: { className: string; 'aria-label'?: string | undefined; 'aria-labelledby'?: string | undefined; children: ReactNode }) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrollable = useScrollsSideways(wrap);
  return (
    <div
      className={props.className}
      ref={wrap}
      tabIndex={scrollable ? 0 : undefined}
      role={scrollable ? 'group' : undefined}
      aria-label={scrollable ? props['aria-label'] : undefined}
      aria-labelledby={scrollable ? props['aria-labelledby'] : undefined}
      data-scrolls={scrollable ? 'sideways' : undefined}
    >
      {props.children}
    </div>
  );
}
