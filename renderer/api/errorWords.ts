/**
 * What a person reads for each machine-readable reason (`AppError.reason`): the one place in the
 * renderer where a failure's cause becomes words. The main process keeps a safe default message
 * (shown as detail under these words); logic anywhere branches on the reason, never on text.
 * All wording here is ours, not the exchange's.
 */
import type { ErrorReason } from '../../shared/errors';

export interface ReasonWords {
  title: string;
  advice: string;
}

export const REASON_WORDS: Readonly<Record<ErrorReason, ReasonWords>> = Object.freeze({
  nonce_window: {
    title: 'The exchange refused the request time',
    advice: 'This computer\u2019s clock may be off. The app re-checks the exchange\u2019s time; try again.',
  },
  two_factor_off: {
    title: 'Two-factor authentication is off',
    advice: 'Turn on two-factor authentication (2FA) on the exchange website, then send the withdrawal again.',
  },
  withdraw_throttled: {
    title: 'The exchange is limiting withdrawal attempts',
    advice: 'Wait a little before trying again. Nothing was sent by the refused attempt.',
  },
  duplicate_id: {
    title: 'The exchange already knows this withdrawal id',
    advice: 'A withdrawal with this id was sent before. Check the history before preparing it again.',
  },
  invalid_payload: {
    title: 'The exchange could not read the signed request',
    advice: 'Try again. If it keeps happening, tell the app maintainers.',
  },
  bad_signature: {
    title: 'The API secret does not match the key',
    advice: 'Check that the API secret belongs to this API key, and replace the key in Accounts if needed.',
  },
  key_disabled: {
    title: 'This API key is disabled or not allowed from this IP address',
    advice: 'Enable the key, and allow this IP address, in the API settings on the exchange website.',
  },
  key_lacks_permission: {
    title: 'This API key lacks a permission',
    advice: 'Give the key the permission for this area in the API settings on the exchange website, or use another key.',
  },
  endpoint_forbidden: {
    title: 'The exchange refused this part of the account',
    advice:
      'Either the account has no access to it (smart-flex needs B2B access), or this API key\u2019s endpoint restrictions exclude it. Check both on the exchange website.',
  },
  region_unavailable: {
    title: 'Not available in your region',
    advice: 'The exchange does not offer this in the region of this account.',
  },
  plan_paused: {
    title: 'This flex plan is paused',
    advice: 'The exchange is not taking new investments into this plan right now. Choose another plan or try later.',
  },
  deadline: {
    title: 'The exchange did not answer in time',
    advice: 'It may be slow or unreachable. The app already tried again; try once more in a moment.',
  },
  cancelled: {
    title: 'The request was cancelled',
    advice: 'It was stopped before the exchange answered, for example because the page was left.',
  },
  rate_limited: {
    title: 'The exchange asked us to slow down',
    advice: 'Too many requests.',
  },
});
