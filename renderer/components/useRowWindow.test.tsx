import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { heightLimitStyle, useRowWindow, type HeightLimit } from './useRowWindow';

/** Commits of the probe: an effect without dependencies runs once after each one. */
let renders = 0;
const countCommit = () => {
  renders += 1;
};

afterEach(cleanup);

function Probe({ count, limit }: { count: number; limit?: HeightLimit }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const { start, end, padTop, padBottom, slots } = useRowWindow(ref, count, 50, 2, limit);
  const slotsInUse = Array.from({ length: end - start }, (_, i) => (start + i) % slots);
  useEffect(countCommit);
  return (
    <div ref={ref} data-testid="scroller">
      <span data-testid="window">{`${start}-${end} ${padTop} ${padBottom}`}</span>
      <span data-testid="slots">{`${slots} ${new Set(slotsInUse).size === slotsInUse.length ? 'distinct' : 'shared'}`}</span>
    </div>
  );
}

const windowText = () => screen.getByTestId('window').textContent;

describe('useRowWindow', () => {
  it('renders the rows in view plus the overscan, and stands in for the rest with padding', () => {
    render(<Probe count={1_000} />);
    // Rows fitting the window's height (jsdom: 768 px, 16 rows of 50 px) plus the overscan of 2.
    expect(window.innerHeight).toBe(768);
    expect(windowText()).toBe('0-18 0 49100');
  });

  it('moves with the scroll position, and re-renders only when the window moves by a row', () => {
    render(<Probe count={1_000} />);
    const scroller = screen.getByTestId('scroller');
    act(() => {
      scroller.scrollTop = 50 * 100;
      fireEvent.scroll(scroller);
    });
    expect(windowText()).toBe('98-118 4900 44100');
    const before = renders;
    act(() => {
      scroller.scrollTop = 50 * 100 + 10;
      fireEvent.scroll(scroller);
    });
    expect(renders).toBe(before);
  });

  it('never reaches past the last row when the list shrinks (a search)', () => {
    const { rerender } = render(<Probe count={1_000} />);
    rerender(<Probe count={3} />);
    expect(windowText()).toBe('0-3 0 0');
    rerender(<Probe count={0} />);
    expect(windowText()).toBe('0-0 0 0');
  });

  it('gives every row in the window its own slot, wherever the window is (rows keyed by slot keep their elements)', () => {
    render(<Probe count={1_000} />);
    const scroller = screen.getByTestId('scroller');
    for (const row of [0, 1, 7, 100, 101, 990, 999]) {
      act(() => {
        scroller.scrollTop = 50 * row;
        fireEvent.scroll(scroller);
      });
      // 16 rows in view plus the overscan of 2 on each side.
      expect(screen.getByTestId('slots').textContent).toBe('20 distinct');
    }
  });

  it('counts the rows that fit the container\'s height limit, not the whole window, when it has one', () => {
    // 768 - 268 = 500 px: 10 rows of 50 px, plus the overscan of 2 below.
    const { unmount } = render(<Probe count={1_000} limit={{ windowMinus: 268, atLeast: 100 }} />);
    expect(windowText()).toBe('0-12 0 49400');
    expect(screen.getByTestId('slots').textContent).toBe('14 distinct');
    unmount();
    // In a window too short for the limit, the container keeps its least height: 300 px, 6 rows.
    render(<Probe count={1_000} limit={{ windowMinus: 700, atLeast: 300 }} />);
    expect(windowText()).toBe('0-8 0 49600');
  });

  it('writes the same limit into the container\'s style', () => {
    expect(heightLimitStyle({ windowMinus: 250, atLeast: 200 })).toEqual({ maxHeight: 'calc(100vh - 250px)', minHeight: 200 });
  });
});
