/**
 * The whole surface the renderer gets from the main process: one frozen object, `window.exchange`,
 * with `invoke` and `on`. Runs sandboxed (built to CommonJS, only `electron` is required), so it
 * can reach nothing but IPC. Channel and event names are checked here too, so a compromised page
 * cannot even send a name the contract does not know.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Envelope } from '../shared/errors';
import { CHANNEL_NAMES, EVENT_NAMES, IPC_CANCEL_CHANNEL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type PreloadBridge } from '../shared/ipc';

const knownChannels = new Set<string>(CHANNEL_NAMES);
const knownEvents = new Set<string>(EVENT_NAMES);

function refused(message: string): Envelope<never> {
  return { ok: false, error: { kind: 'validation', message } };
}

const isCallId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const bridge: PreloadBridge = {
  async invoke(channel, payload, callId) {
    if (typeof channel !== 'string' || !knownChannels.has(channel)) return refused('Unknown channel.');
    try {
      const args = isCallId(callId) ? [channel, payload, callId] : [channel, payload];
      return (await ipcRenderer.invoke(IPC_INVOKE_CHANNEL, ...args)) as never;
    } catch {
      // Structured clone refused the payload (a function, a DOM node...), or IPC itself failed.
      return refused('The request could not be sent to the app.');
    }
  },
  cancel(callId) {
    if (isCallId(callId)) ipcRenderer.send(IPC_CANCEL_CHANNEL, callId);
  },
  on(event, listener) {
    if (typeof event !== 'string' || !knownEvents.has(event)) throw new TypeError('Unknown event.');
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    // The Electron event object (with its sender) never reaches the page: only the payload does.
    const relay = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as never);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, relay);
    };
  },
};

contextBridge.exposeInMainWorld('exchange', Object.freeze(bridge));
