/**
 * The main-process client for the exchange's HTTP API v4. Everything else in the app talks to the
 * exchange through `createExchangeClient`; failures always arrive as `AppFailure` (shared/errors).
 */
export {
  createExchangeClient,
  defaultSleep,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type CallOptions,
  type ExchangeClient,
  type ExchangeClientOptions,
  type ExchangeCredentials,
  type ExchangeLogger,
  type Sleep,
} from './client';
export { CANCELLED_MESSAGE, isCancellation } from './failures';
export { createExchangeRuntime, type ExchangeRuntime } from './runtime';
