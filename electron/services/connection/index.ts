/**
 * Each account's connection to the exchange, as the outcomes of its calls tell it (monitor.ts);
 * the exchange runtime owns one monitor, core pushes its changes as `connection.changed` and pings
 * through silences for the accounts a page watches (silenceWatch.ts).
 */
export { createConnectionMonitor, nextConnectionState, type ConnectionMonitor } from './monitor';
export { createSilenceWatch, OUTAGE_PING_MS, SILENCE_PING_MS, type SilenceWatch } from './silenceWatch';
