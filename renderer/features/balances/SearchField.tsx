import { useEffect, useRef } from 'react';
import { t } from '@lingui/core/macro';
import { afterNextPaint } from '../../shell/idle';

/**
 * The Balances search box. Typing paints the letter at once and the list follows a frame later.
 *
 * The box is uncontrolled: the browser shows each keystroke itself, and nothing in React renders
 * for it. The text reaches the UI state (and so the filtered list, the address and the side
 * navigation's link) only after the keystroke's frame has painted, the latest text once per frame
 * however fast someone types. Controlled by the UI state, every keystroke re-rendered the whole
 * view and the navigation before its paint: 4 to 11 ms of script per keystroke, the difference
 * between bench:ui's keystroke figure and a bare input's.
 *
 * When the search changes elsewhere ("Show all", Back to an address with a search), the box
 * shows that, unless it is only the box's own text coming back.
 */
export function SearchField({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const input = useRef<HTMLInputElement | null>(null);
  /** The text last handed to onSearch, and whether a hand-over is waiting for the next frame. */
  const sent = useRef({ text: value, pending: false });
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  useEffect(() => {
    const el = input.current;
    if (el && value !== sent.current.text && value !== el.value) el.value = value;
    sent.current.text = value;
  }, [value]);

  const onInput = () => {
    if (sent.current.pending) return;
    sent.current.pending = true;
    afterNextPaint(() => {
      sent.current.pending = false;
      const text = input.current?.value ?? '';
      sent.current.text = text;
      latest.current(text);
    });
  };

  return <input ref={input} type="search" aria-label={t`Search assets`} placeholder={t`Search ticker or name`} defaultValue={value} onChange={onInput} />;
}
