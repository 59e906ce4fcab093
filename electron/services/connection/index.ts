/**
 * Each account's connection to the exchange, as the outcomes of its calls tell it (monitor.ts);
 * the exchange runtime owns one monitor, core pushes its changes as `connection.changed`.
 */
export { createConnectionMonitor, nextConnectionState, QUIET_PUSH_INTERVAL_MS, type ConnectionListener, type ConnectionMonitor } from './monitor';
