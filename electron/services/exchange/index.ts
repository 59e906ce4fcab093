/**
 * The main-process client for the exchange's HTTP API v4. Everything else in the app talks to the
 * exchange through `createExchangeClient`; failures always arrive as `AppFailure` (shared/errors).
 */
export {
  createExchangeClient,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type ExchangeClient,
  type ExchangeClientOptions,
} from './client';
export { CANCELLED_MESSAGE, isCancellation } from './failures';
export { createExchangeRuntime, type ExchangeRuntime } from './runtime';
