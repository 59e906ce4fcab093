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

  it('prefetchWhenIdle calls every loader, one per idle period, and a failing one does not stop the rest', async () => {
    const called: number[] = [];
    prefetchWhenIdle([
      async () => called.push(1),
      () => {
        called.push(2);
        return Promise.reject(new Error('chunk failed'));
      },
      async () => called.push(3),
    ]);
    expect(called).toEqual([]);
    await waitFor(() => expect(called).toEqual([1, 2, 3]));
  });
});
