import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { formatEpochMs } from '../format/format';
import { ageShown, nextShownChangeIn, REFRESH_HOLD_MS, UpdatedAgo } from './UpdatedAgo';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('UpdatedAgo', () => {
  it('says how long ago, in 10-second steps, with the full date as its tooltip', () => {
    const updatedAt = Date.now() - 25_000;
    render(<UpdatedAgo updatedAt={updatedAt} />);
    const label = screen.getByText(/^Updated /);
    expect(label.textContent).toMatch(/20 sec/);
    expect(label.getAttribute('title')).toBe(formatEpochMs(updatedAt));
  });

  it('goes on ticking through an outage, from the last good figures, saying it could not refresh', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const updatedAt = Date.now() - 5_000;
    const { rerender } = render(<UpdatedAgo updatedAt={updatedAt} refreshEveryMs={10_000} />);
    rerender(<UpdatedAgo updatedAt={updatedAt} couldNotRefresh refreshEveryMs={10_000} />);
    const label = () => screen.getByText(/could not refresh/).textContent;
    expect(label()).toBe('Updated 0 sec. ago · could not refresh');
    // No refresh is on its way in an outage: the step at 10 s is not held.
    act(() => void vi.advanceTimersByTime(5_000));
    expect(label()).toBe('Updated 10 sec. ago · could not refresh');
    // Six minutes of outage, a step at a time as the label's own timer takes them.
    for (let i = 0; i < 5; i++) act(() => void vi.advanceTimersByTime(10_000));
    expect(label()).toBe('Updated 1 min. ago · could not refresh');
    for (let i = 0; i < 5; i++) act(() => void vi.advanceTimersByTime(60_000));
    expect(label()).toBe('Updated 6 min. ago · could not refresh');
    // The exchange back, the figures not yet refreshed: the true age, not the one the outage began with.
    rerender(<UpdatedAgo updatedAt={updatedAt} refreshEveryMs={10_000} />);
    expect(screen.getByText(/^Updated /).textContent).toBe('Updated 6 min. ago');
  });

  it('shows nothing before the first successful load', () => {
    const { container } = render(<UpdatedAgo updatedAt={0} />);
    expect(container.textContent).toBe('');
  });

  it('holds its words while the automatic refresh that fell due is on its way, and goes on if it is slow', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now();
    const { rerender } = render(<UpdatedAgo updatedAt={start} refreshEveryMs={10_000} />);
    const label = () => screen.getByText(/^Updated /).textContent;
    expect(label()).toMatch(/ 0 sec/);
    // The refresh falls due at 10 s; its answer comes 100 ms later: "10 sec." never shows.
    act(() => void vi.advanceTimersByTime(10_000));
    expect(label()).toMatch(/ 0 sec/);
    act(() => void vi.advanceTimersByTime(100));
    rerender(<UpdatedAgo updatedAt={Date.now()} refreshEveryMs={10_000} />);
    expect(label()).toMatch(/ 0 sec/);
    // A refresh that does not answer within the hold: the age goes on.
    const answered = Date.now();
    act(() => void vi.advanceTimersByTime(10_000 + REFRESH_HOLD_MS - 1));
    expect(label()).toMatch(/ 0 sec/);
    act(() => void vi.advanceTimersByTime(1));
    expect(label()).toMatch(/10 sec/);
    expect(Date.now() - answered).toBe(10_000 + REFRESH_HOLD_MS);
  });

  it('without an automatic refresh, steps at every 10 s as before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(<UpdatedAgo updatedAt={Date.now()} />);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByText(/^Updated /).textContent).toMatch(/10 sec/);
  });
});

describe('the hold around a due refresh', () => {
  it('shows the age from before the refresh fell due, only within the hold', () => {
    expect(ageShown(9_999, 10_000)).toBe(9_999);
    expect(ageShown(10_000, 10_000)).toBe(9_999);
    expect(ageShown(10_000 + REFRESH_HOLD_MS - 1, 10_000)).toBe(9_999);
    expect(ageShown(10_000 + REFRESH_HOLD_MS, 10_000)).toBe(10_000 + REFRESH_HOLD_MS);
    expect(ageShown(10_000, 0)).toBe(10_000);
  });

  it('moves the next change out of the hold, and leaves other changes where they are', () => {
    // 10 s refresh: the step at 10 s waits for the hold's end.
    expect(nextShownChangeIn(0, 10_000)).toBe(10_000 + REFRESH_HOLD_MS);
    expect(nextShownChangeIn(10_500, 10_000)).toBe(REFRESH_HOLD_MS - 500);
    expect(nextShownChangeIn(10_000 + REFRESH_HOLD_MS, 10_000)).toBe(10_000 - REFRESH_HOLD_MS);
    // 30 s refresh: the steps at 10 and 20 s are untouched, the one at 30 s is held.
    expect(nextShownChangeIn(0, 30_000)).toBe(10_000);
    expect(nextShownChangeIn(20_000, 30_000)).toBe(10_000 + REFRESH_HOLD_MS);
    // 5 min refresh, minute steps: the change at 5 min is held.
    expect(nextShownChangeIn(4 * 60_000, 5 * 60_000)).toBe(60_000 + REFRESH_HOLD_MS);
    // No automatic refresh: the plain steps.
    expect(nextShownChangeIn(0, 0)).toBe(10_000);
  });
});
