/**
 * The runtime constants of the contract in shared/ipc.ts, without zod: the page's first chunk
 * needs them (renderer/api/bridge.ts) and must not load the request schemas, which only the main
 * process runs. shared/ipc.ts re-exports everything here.
 */
import type { EventName } from './ipc';

/** Events pushed from main to the renderer (their payloads: `EventPayloads` in shared/ipc.ts). */
export const EVENT_NAMES: EventName[] = ['withdrawals.updated', 'accounts.changed', 'connection.changed', 'alerts.fired', 'alerts.status', 'live.changed', 'live.overview', 'live.balances', 'priceAlerts.changed'];

/**
 * How long the page waits for any answer from the main process (renderer/api/bridge.ts). Every
 * main-process call must end well before it (the exchange client's overall deadline is 45 s), so
 * the page hears the real reason rather than its own timeout.
 */
export const INVOKE_TIMEOUT_MS = 60_000;

/**
 * Browser mode speaks the same contract over loopback HTTP (electron/browser serves it,
 * renderer/api/bridge.ts calls it). Header names are compared case-insensitively by HTTP.
 */
export const BROWSER_MODE = {
  tokenHeader: 'x-desk-token',
  invokePath: '/api/invoke',
  eventsPath: '/api/events',
} as const;

/** Electron IPC channel names used by the preload and the main process (one per direction). */
export const IPC_INVOKE_CHANNEL = 'exchange:invoke';
export const IPC_EVENT_CHANNEL = 'exchange:event';
/** Page -> main: stop the call with this id (the page's abort signal cannot cross contextBridge). */
export const IPC_CANCEL_CHANNEL = 'exchange:cancel';
