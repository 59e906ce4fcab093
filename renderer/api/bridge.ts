/**
 * The renderer's only door to the main process: the Electron preload's `window.exchange` when
 * present (ipcBridge.ts), else the same contract over loopback HTTP (httpBridge.ts) with the
 * session token from the launch address (sessionToken.ts).
 */
import type { ExchangeBridge, PreloadBridge } from '../../shared/ipc';
import { createHttpBridge, type HttpBridge } from './httpBridge';
import { fromPreload } from './ipcBridge';
import { takeSessionToken } from './sessionToken';

export { createHttpBridge, TOKEN_HEADER, type HttpBridge, type HttpBridgeOptions } from './httpBridge';
export { fromPreload } from './ipcBridge';
export { takeSessionToken } from './sessionToken';

let httpBridge: HttpBridge | null = null;

const adapted = new WeakMap<PreloadBridge, ExchangeBridge>();

/**
 * `window.exchange` from the Electron preload when present, else the browser-mode HTTP transport.
 * The preload's object has `cancel` and numbers its calls; a bridge set up without it (component
 * tests install an ExchangeBridge directly) is used as it is.
 */
export function getBridge(): ExchangeBridge {
  const preloaded = (globalThis as { exchange?: PreloadBridge | ExchangeBridge }).exchange;
  if (preloaded && 'cancel' in preloaded && typeof preloaded.cancel === 'function') {
    let bridge = adapted.get(preloaded);
    if (!bridge) adapted.set(preloaded, (bridge = fromPreload(preloaded)));
    return bridge;
  }
  if (preloaded) return preloaded as ExchangeBridge;
  httpBridge ??= createHttpBridge({ origin: window.location.origin, token: takeSessionToken() });
  return httpBridge;
}
