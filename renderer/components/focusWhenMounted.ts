/**
 * A ref that focuses its element once, when it is put on screen: what `autoFocus` means in React.
 * The page runs on Preact (renderer/vite.config.ts), which writes `autofocus` as the HTML attribute,
 * and a browser honours that attribute for the first element of a document's life only, never for a
 * control that appears later (a confirmation, a form opened by a click). One function for every use,
 * so its identity never changes and it is not called again on each render.
 */
export function focusWhenMounted(element: HTMLElement | null): void {
  element?.focus();
}
