/** What both transports answer: an envelope from the main process, or one made here for a failure on the way. */
import { t } from '@lingui/core/macro';
import { ERROR_KINDS, type AppError, type Envelope } from '../../shared/errors';

const KNOWN_KINDS: readonly string[] = ERROR_KINDS;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: unknown };
  if (candidate.ok === true) return 'data' in candidate;
  if (candidate.ok !== false || typeof candidate.error !== 'object' || candidate.error === null) return false;
  const error = candidate.error as { kind?: unknown; message?: unknown };
  return typeof error.kind === 'string' && KNOWN_KINDS.includes(error.kind) && typeof error.message === 'string';
}

/** Our wording: the page itself stopped waiting (it was left, or the query was cancelled). */
export function cancelledError(): AppError {
  return { kind: 'network', reason: 'cancelled', message: t`The request was cancelled before the app answered.` };
}

export function networkError(): AppError {
  return { kind: 'network', message: t`Cannot reach the app’s local server. Check that WhiteBIT Desk is still running.` };
}
