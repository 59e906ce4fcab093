/** The browser-mode session token: taken from the launch address once, kept for reloads. */
const TOKEN_STORAGE_KEY = 'desk.sessionToken';

/**
 * Reads the launch token from the address (`?token=…`; older launch links carried `#token=…`), keeps
 * it in sessionStorage so a reload still works, and removes it from the visible URL (screenshots,
 * shoulder surfers, copy-pasted links, and a reload, which must not ask for the first screen again).
 */
export function takeSessionToken(win: Pick<Window, 'location' | 'history' | 'sessionStorage'> = window): string | null {
  const query = new URLSearchParams(win.location.search);
  const fromQuery = query.get('token');
  const fromHash = /(?:^#|&)token=([^&]+)/.exec(win.location.hash)?.[1];
  const token = fromQuery || (fromHash ? decodeURIComponent(fromHash) : null);
  if (token) {
    try {
      win.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Storage can be disabled; the token still works for this page's lifetime.
    }
    query.delete('token');
    const rest = query.toString();
    const search = rest ? `?${rest}` : '';
    win.history.replaceState(win.history.state, '', win.location.pathname + search + (fromHash ? '' : win.location.hash));
    return token;
  }
  try {
    return win.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
