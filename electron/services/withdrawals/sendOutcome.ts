/**
 * What a failed withdraw-pay means for the money. Only answers that prove the exchange did not
 * process the request count as refused or not sent; everything else (timeouts, resets, 5xx,
 * garbled bodies, our own bugs) means "it may have happened" and must be looked up.
 */
import { isAppFailure, type AppError } from '../../../shared/errors';

export type SendOutcome = 'refused' | 'not_sent' | 'unknown' | 'exists';

export function classifySendFailure(thrown: unknown, error: AppError): SendOutcome {
  if (!isAppFailure(thrown)) return 'unknown';
  switch (error.kind) {
    case 'validation':
      // The exchange already has a withdrawal with this id: the first request landed after all.
      return error.reason === 'duplicate_id' ? 'exists' : 'refused';
    case 'rate_limited':
    case 'auth':
    case 'permission':
    case 'keychain':
      return 'not_sent';
    default:
      return 'unknown';
  }
}
