import type { ExchangeBridge, PreloadBridge } from '../../shared/ipc';
import { fail } from '../../shared/errors';
import { cancelledError } from './envelope';

/**
 * The Electron preload's `window.exchange` as an ExchangeBridge: each call gets a number, and an
 * aborted signal cancels that number in the main process (a signal cannot cross contextBridge).
 */
export function fromPreload(preloaded: PreloadBridge): ExchangeBridge {
  let lastCallId = 0;
  return {
    async invoke(channel, payload, options) {
      const signal = options?.signal;
      if (!signal) return preloaded.invoke(channel, payload);
      if (signal.aborted) return fail(cancelledError());
      const callId = ++lastCallId;
      const cancel = () => preloaded.cancel(callId);
      signal.addEventListener('abort', cancel, { once: true });
      try {
        return await preloaded.invoke(channel, payload, callId);
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    on: (event, listener) => preloaded.on(event, listener),
  };
}
