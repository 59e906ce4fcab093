/**
 * The keyboard shortcuts of shared/navigation.ts, handled once for the whole page. Ctrl/Cmd+R and
 * F5 refresh the open view's data instead of reloading the page (a reload in browser mode would
 * also drop the live event stream). Single keys (`/`, `?`) are ignored while a person types in a
 * field, so they can still be typed.
 */
import { useLayoutEffect, useRef } from 'react';
import { SHORTCUTS, type KeyCombo, type ShortcutAction } from '../../shared/navigation';

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

export function matches(combo: KeyCombo, event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.altKey) return false;
  const mod = event.ctrlKey || event.metaKey;
  if (Boolean(combo.mod) !== mod) return false;
  if (event.key.toLowerCase() === combo.key.toLowerCase()) return true;
  // Layouts where digits need Shift (AZERTY) still report the digit's physical key.
  return /^\d$/.test(combo.key) && event.code === `Digit${combo.key}`;
}

/** The action a key press asks for, or null (then the browser keeps the key). */
export function actionFor(event: KeyboardEvent): ShortcutAction | null {
  for (const shortcut of SHORTCUTS) {
    for (const combo of shortcut.keys) {
      if (!matches(combo, event)) continue;
      if (!combo.mod && combo.key.length === 1 && isTyping(event.target)) continue;
      return shortcut.action;
    }
  }
  return null;
}

/**
 * The field a search shortcut focuses: the open view's own search box (`input[type=search]`),
 * else the first field of its filter form. Null when the view has neither.
 */
export function searchField(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>('main input[type="search"], main .filter-fields input, main .filter-fields select');
}

export function useShortcuts(run: (action: ShortcutAction, event: KeyboardEvent) => boolean): void {
  const latest = useRef(run);
  useLayoutEffect(() => {
    latest.current = run;
  });
  // A layout effect, not a passive one: it runs in the commit that first paints the shell, so a key
  // pressed the moment the first rows show is heard. A passive effect runs in a later task, and a
  // key pressed in between was lost (seen once in CI: Ctrl+2 right after the first row did nothing).
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = actionFor(event);
      if (action && latest.current(action, event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
