/**
 * Who is calling. The router trusts a call only when the transport vouches for its origin:
 * Electron names the WebContents and frame that sent it; the HTTP transport has already checked
 * the per-launch token, Host and Origin; in-process callers are the app itself.
 */

export type Sender =
  | { transport: 'electron'; webContentsId: number; frameUrl: string; isMainFrame: boolean }
  | { transport: 'http' }
  | { transport: 'direct' };

export type SenderPolicy = (sender: Sender) => boolean;

/** `scheme://host` of a URL, also for custom schemes (whose WHATWG `origin` is the string "null"). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/**
 * For the Electron transport: only the main frame of a window the app created, showing the
 * app's own pages. A frame that navigated elsewhere (it cannot, but if it did) is refused, and so
 * is any iframe or any other WebContents.
 */
export function electronSenderPolicy(options: { trustedWebContentsIds: () => Iterable<number>; appOrigin: string }): SenderPolicy {
  return (sender) => {
    if (sender.transport !== 'electron') return false;
    if (!sender.isMainFrame) return false;
    if (![...options.trustedWebContentsIds()].includes(sender.webContentsId)) return false;
    return originOf(sender.frameUrl) === options.appOrigin;
  };
}

/** For browser mode: the HTTP transport authenticates every request before it reaches the router. */
export const httpSenderPolicy: SenderPolicy = (sender) => sender.transport === 'http' || sender.transport === 'direct';
