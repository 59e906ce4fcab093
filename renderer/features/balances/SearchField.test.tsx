import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SEARCH_BURST_MS, SearchField } from './SearchField';

beforeEach(() => {
  // performance.now is faked too: the field tells a burst from a pause by it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(value = '') {
  const onSearch = vi.fn();
  render(<SearchField value={value} onSearch={onSearch} />);
  const box = screen.getByRole('searchbox', { name: 'Search assets' }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  return { onSearch, box, type };
}

describe('SearchField', () => {
  it('hands a keystroke after a pause over at the next frame', () => {
    const { onSearch, type } = setup();
    type('b');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(20));
    expect(onSearch.mock.calls).toEqual([['b']]);
    act(() => void vi.advanceTimersByTime(SEARCH_BURST_MS + 50));
    type('bt');
    act(() => void vi.advanceTimersByTime(20));
    expect(onSearch.mock.calls).toEqual([['b'], ['bt']]);
  });

  it('hands a burst of keystrokes over once, with the last text, when the typing pauses', () => {
    const { onSearch, type } = setup();
    type('u');
    act(() => void vi.advanceTimersByTime(20));
    expect(onSearch.mock.calls).toEqual([['u']]);
    // Four more keys 40 ms apart: nothing moves while they come.
    for (const text of ['us', 'usd', 'usdt', 'usd']) {
      act(() => void vi.advanceTimersByTime(40));
      type(text);
    }
    act(() => void vi.advanceTimersByTime(SEARCH_BURST_MS - 1));
    expect(onSearch.mock.calls).toEqual([['u']]);
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['u'], ['usd']]);
  });

  it('shows a search set elsewhere, and hands nothing over once it has left the screen', () => {
    const onSearch = vi.fn();
    const { rerender, unmount } = render(<SearchField value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search assets' }) as HTMLInputElement;
    rerender(<SearchField value="btc" onSearch={onSearch} />);
    expect(box.value).toBe('btc');
    expect(box.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(box, { target: { value: 'btc1' } });
    act(() => void vi.advanceTimersByTime(10));
    fireEvent.change(box, { target: { value: 'btc12' } });
    unmount();
    // Both the first keystroke's frame hand-over and the burst's were still due: neither clears the search.
    act(() => void vi.advanceTimersByTime(SEARCH_BURST_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
