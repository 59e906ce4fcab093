/**
 * What the client tells an observer about each attempt of a call (electron/services/connection
 * turns these into the connection state the page shows). Only the endpoint's auth class and the
 * already-scrubbed AppError cross: never a request body, a key or a signature.
 */
import type { AppError } from '../../../shared/errors';

export type CallOutcome =
  | { type: 'success'; auth: 'public' | 'private' }
  /** One attempt failed; `retry` is set when the client will try again (retry `attempt` of `of`). */
  | { type: 'failure'; auth: 'public' | 'private'; error: AppError; retry: { attempt: number; of: number } | null };

export type CallObserver = (outcome: CallOutcome) => void;
