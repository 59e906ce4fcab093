/**
 * The one error vocabulary of the app. Every failure that crosses a boundary (client -> router,
 * router -> renderer) is an `AppError` inside an envelope; nothing crosses as a thrown exception,
 * because Electron's IPC drops every field of an Error except its message.
 */
import { FAILURE_REASONS, type FailureReason } from './failures';

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
 * bare status) and for the renderer to pick its words. Each has a schema of the values that go with
 * it, in shared/failures.ts. Optional: most errors need only `kind`.
 */
export const ERROR_REASONS = FAILURE_REASONS;

export type ErrorReason = FailureReason;

export interface AppError {
  kind: ErrorKind;
  /**
   * For the log: the page words a failure from its reason and values (shared/failures.ts), else its
   * kind, and never shows this text. A coded failure carries its code here. Never contains a secret.
   */
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
  /** What the exchange itself said (its message or field messages), shown labelled as its words; never ours. */
  exchangeSaid?: string;
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

