import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { prefetchWhenIdle, useAfterFirstPaint } from './idle';

afterEach(cleanup);

function Probe() {
  return <span data-testid="painted">{String(useAfterFirstPaint())}</span>;
}

describe('work kept out of the first paint', () => {
  it('useAfterFirstPaint is false in the first render and turns true after a frame and an idle moment', async () => {
    render(<Probe />);
    expect(screen.getByTestId('painted').textContent).toBe('false');
    await waitFor(() => expect(screen.getByTestId('painted').textContent).toBe('true'));
  });

  it('prefetchWhenIdle calls every loader, one after the other, and a failing one does not stop the rest', async () => {
    const called: number[] = [];
    let firstDone: () => void = () => undefined;
    prefetchWhenIdle(
      [
        () => {
          called.push(0);
          return new Promise<void>((done) => (firstDone = done));
        },
        async () => called.push(1),
        () => {
          called.push(2);
          return Promise.reject(new Error('chunk failed'));
        },
        async () => called.push(3),
      ],
      0,
    );
    expect(called).toEqual([]);
    await waitFor(() => expect(called).toEqual([0]));
    // The next waits for the one still loading.
    await new Promise((done) => setTimeout(done, 200));
    expect(called).toEqual([0]);
    firstDone();
    await waitFor(() => expect(called).toEqual([0, 1, 2, 3]));
  });

  it('prefetchWhenIdle waits while the person types, then goes on; its stop function ends it', async () => {
    const called: number[] = [];
    // The first loader stops the prefetch itself: stopping from the test after seeing it ran raced
    // the second loader, due one idle period later.
    const stop: () => void = prefetchWhenIdle(
      [
        async () => {
          called.push(1);
          stop();
        },
        async () => called.push(2),
      ],
      300,
    );
    const press = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    const typing = setInterval(press, 50);
    await new Promise((done) => setTimeout(done, 400));
    expect(called, 'nothing loads between keystrokes').toEqual([]);
    clearInterval(typing);
    await waitFor(() => expect(called).toEqual([1]), { timeout: 2_000 });
    await new Promise((done) => setTimeout(done, 500));
    expect(called).toEqual([1]);
  });
});
