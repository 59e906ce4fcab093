import { useEffect, useRef } from 'react';
import { t } from '@lingui/core/macro';
import { afterNextPaint } from '../../shell/idle';

/**
 * Keystrokes closer together than this are one burst of typing: the list waits for the burst to
 * pause this long instead of following each keystroke. 100 ms is about the longest a response still
 * feels immediate, and a fast typist's keys come 40-120 ms apart.
 */
export const SEARCH_BURST_MS = 100;

/**
 * The Balances search box. Typing paints the letter at once and the list follows.
 *
 * The box is uncontrolled: the browser shows each keystroke itself, and nothing in React renders
 * for it. The text reaches the UI state (and so the filtered list, the address and the side
 * navigation's link) only after the keystroke's frame has painted. Controlled by the UI state,
 * every keystroke re-rendered the whole view and the navigation before its paint: 4 to 11 ms of
 * script per keystroke, the difference between bench:ui's keystroke figure and a bare input's.
 *
 * A keystroke after a pause hands its text over at the next frame. Within a burst, the text is
 * handed over once the burst pauses (SEARCH_BURST_MS): rewriting the rows costs 15-25 ms of
 * script, layout and paint on a 2-core machine (bench:ui, 1 000 assets), and a key pressed while
 * that ran waited for it, so a fast typist's letters lagged behind their fingers.
 *
 * When the search changes elsewhere ("Show all", Back to an address with a search), the box
 * shows that, unless it is only the box's own text coming back.
 */
export function SearchField({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const input = useRef<HTMLInputElement | null>(null);
  /**
   * The text last handed to onSearch, when the last keystroke came, the hand-over waiting (if any),
   * and whether the box is still on screen: a hand-over due after it left (the person moved to
   * another view mid-burst) would read no box and clear the search.
   */
  const sent = useRef<{ text: string; lastKeyAt: number; waiting: 'frame' | ReturnType<typeof setTimeout> | null; mounted: boolean }>({
    text: value,
    lastKeyAt: -Infinity,
    waiting: null,
    mounted: true,
  });
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  useEffect(() => {
    const el = input.current;
    if (el && value !== sent.current.text && value !== el.value) el.value = value;
    sent.current.text = value;
  }, [value]);

  useEffect(() => {
    const state = sent.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
      if (state.waiting !== null && state.waiting !== 'frame') clearTimeout(state.waiting);
      state.waiting = null;
    };
  }, []);

  const handOver = () => {
    sent.current.waiting = null;
    if (!sent.current.mounted || !input.current) return;
    const text = input.current.value;
    sent.current.text = text;
    latest.current(text);
  };

  const onInput = () => {
    const state = sent.current;
    const now = performance.now();
    const inBurst = now - state.lastKeyAt < SEARCH_BURST_MS;
    state.lastKeyAt = now;
    if (state.waiting === 'frame') return;
    if (state.waiting !== null) clearTimeout(state.waiting);
    if (inBurst) {
      state.waiting = setTimeout(handOver, SEARCH_BURST_MS);
      return;
    }
    state.waiting = 'frame';
    afterNextPaint(handOver);
  };

  // No spell checking: tickers and asset names are not words to underline in red.
  return (
    <input
      ref={input}
      type="search"
      aria-label={t`Search assets`}
      placeholder={t`Search ticker or name`}
      defaultValue={value}
      onChange={onInput}
      spellCheck="false"
      autoComplete="off"
    />
  );
}
