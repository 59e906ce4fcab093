/**
 * The one error vocabulary of the app. Every failure that crosses a boundary (client -> router,
 * router -> renderer) is an `AppError` inside an envelope; nothing crosses as a thrown exception,
 * because Electron's IPC drops every field of an Error except its message.
 */
export const ERROR_KINDS = [
  'validation',
  'auth',
  'permission',
  'rate_limited',
  'not_found',
  'server',
  'network',
  'timeout',
  'bad_response',
  'keychain',
  'internal',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * Machine-readable causes, finer than `kind`, for logic to branch on (never on English text or a
 * bare status) and for the renderer to pick its words. Optional: most errors need only `kind`.
 */
export const ERROR_REASONS = [
  'nonce_window',
  'two_factor_off',
  'withdraw_throttled',
  'duplicate_id',
  'invalid_payload',
  'bad_signature',
  'key_disabled',
  'key_lacks_permission',
  'endpoint_forbidden',
  'region_unavailable',
  'plan_paused',
  /** The call's overall deadline (all attempts, back-off and waits) passed. */
  'deadline',
  /** The caller aborted (a page closed, a query was cancelled). */
  'cancelled',
  /** The exchange answered 429, or the app's own limiter held the request back. */
  'rate_limited',
  /** A sub-account's balances were refused: "Account is not confirmed". */
  'account_not_confirmed',
  /** A deposit address was refused: fiat or an asset that cannot be deposited. */
  'not_depositable',
  /** The app's database could not be opened or read: withdrawals are off (database.status says why). */
  'database_unavailable',
  // Withdrawal refusals: the renderer words them with `values` (renderer/features/withdrawals/refusalWords.ts).
  /** Another withdrawal of the same intent (account, asset, network, address, memo, amount) has an open outcome. */
  'twin_open',
  /** The fee or total re-read at send differs from what the person confirmed; `values` has both. */
  'debit_changed',
  /** The draft's figures are older than the draft lifetime; prepare it again. */
  'draft_expired',
  /** A first payment to an address never used before was not confirmed as such. */
  'new_destination_unconfirmed',
  /** The destination holds characters a person cannot check by eye. */
  'destination_unreadable',
  /** The withdrawal's state does not allow the action (`values.state`). */
  'withdrawal_state',
  /** Absent from history but sent recently: history may lag, so it cannot be discarded yet. */
  'discard_too_early',
  /** There is no withdrawal with this id on this computer. */
  'withdrawal_unknown',
  /** The withdrawal service has shut down. */
  'service_closed',
  /** Nothing accepted a connection at the exchange's address (`values.address`): wrong address or port, or no server. */
  'connection_refused',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export interface AppError {
  kind: ErrorKind;
  /** Plain words for a person; never contains a secret. */
  message: string;
  /** The exchange's numeric `code`, when it sent one. */
  code?: number;
  /** HTTP status, when the failure came from an HTTP answer. */
  status?: number;
  /** Field name -> messages, for errors that concern particular inputs. */
  fields?: Record<string, string[]>;
  /** How long to wait before trying again (rate limits). */
  retryAfterMs?: number;
  /** Why, in a word a program can branch on; see ERROR_REASONS. */
  reason?: ErrorReason;
  /** Figures and ids that go with `reason`, for the renderer's words (never a secret). */
  values?: Record<string, string | number | null>;
}

export type Envelope<T> = { ok: true; data: T } | { ok: false; error: AppError };

export function ok<T>(data: T): Envelope<T> {
  return { ok: true, data };
}

export function fail(error: AppError): Envelope<never> {
  return { ok: false, error };
}

/**
 * Thrown inside one process (client, services) and turned into an envelope at the boundary.
 * Carries a complete AppError so nothing is lost on the way.
 */
export class AppFailure extends Error {
  readonly error: AppError;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'AppFailure';
    this.error = error;
  }
}

export function isAppFailure(value: unknown): value is AppFailure {
  return value instanceof AppFailure;
}

/** Turns anything thrown into an AppError without leaking internals (stack, secrets) to the caller. */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppFailure) return thrown.error;
  return { kind: 'internal', message: 'Something went wrong inside the app. Details are in the log.' };
}

/** Errors that a retry cannot fix: the request itself must change first. */
export function isPermanent(error: AppError): boolean {
  return ['validation', 'auth', 'permission', 'not_found', 'keychain'].includes(error.kind);
}
