/**
 * The withdrawal service's refusals in the person's language. The main process sends a reason code
 * and values (which withdrawal is still open, the new figures, when a draft expired); the words,
 * and what to do next, are the page's.
 */
import { t } from '@lingui/core/macro';
import type { DestinationTextProblem } from '../../../shared/addresses/destinationText';
import type { AppError } from '../../../shared/errors';
import { readFailure } from '../../../shared/failures';
import { formatAmount, formatClock } from '../../format/format';
import { fieldRefusalWords } from './fieldRefusalWords';

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const amount = (v: unknown): string => (typeof v === 'string' ? formatAmount(v) : '');
const clock = (v: unknown): string => (typeof v === 'number' ? formatClock(v) : '');
const shortId = (v: unknown): string => `${text(v).slice(0, 8)}…`;

/** Words for a withdrawal refusal, or null when the error is not one (the caller words it otherwise). */
export function withdrawalRefusalWords(error: AppError): string | null {
  // Values the code's schema does not accept are not worded here: the caller's generic words stand.
  const failure = readFailure(error);
  if (!failure) return null;
  const fieldWords = fieldRefusalWords(failure);
  if (fieldWords !== null) return fieldWords;
  const v: Record<string, unknown> = failure.values;
  switch (failure.reason) {
    case 'recent_twin_unconfirmed':
      return t`You already sent ${amount(v.amount)} ${text(v.ticker)} to this address at ${clock(v.sentAt)} (id ${shortId(v.twinId)}). Nothing was sent. To pay it again, tick the box that names that payment, then send.`;
    case 'twin_open': {
      const what = t`The same withdrawal (${amount(v.amount)} ${text(v.ticker)} to this address, id ${shortId(v.twinId)}) is still open.`;
      if (v.twinState === 'not_found' && typeof v.newAllowedAt === 'number') {
        return `${what} ${t`It was sent at ${clock(v.sentAt)} and is not in the exchange history yet, but history can lag: it may still arrive. A new one is possible from ${clock(v.newAllowedAt)}. The safe way now is “Send again (same id)” on that withdrawal in Recent withdrawals: if the first request did arrive, the exchange refuses the copy.`}`;
      }
      return `${what} ${t`Its outcome is not known yet. Open it in Recent withdrawals and use “Check again” first; a second one under a new id could pay twice.`}`;
    }
    case 'debit_changed': {
      const before = v.confirmedTotal === null ? t`an unknown fee` : `${amount(v.confirmedTotal)} ${text(v.ticker)}`;
      const now = v.total === null ? t`an unknown fee` : `${amount(v.total)} ${text(v.ticker)}`;
      return t`The exchange’s fee changed since you confirmed: the balance would fall by ${now} instead of ${before}. Nothing was sent. Check the new figures and confirm again.`;
    }
    case 'draft_expired':
      return t`This draft was prepared more than 10 minutes ago (at ${clock(v.quotedAt)}); fees and balances may have changed. Nothing was sent. Go back and prepare it again.`;
    case 'new_destination_unconfirmed':
      return t`You have never sent to this address. Check it character by character, tick the box to confirm, then send.`;
    case 'destination_unreadable':
      return destinationProblemWords(v.problem as DestinationTextProblem, text(v.codePoint));
    case 'withdrawal_state':
      return stateWords(text(v.state), text(v.action));
    case 'discard_too_early':
      return t`This withdrawal was sent at ${clock(v.sentAt)} and the exchange history can lag, so it may still arrive. It can be discarded from ${clock(v.discardableAt)}. The safe way now is “Send again (same id)”: if the first request did arrive, the exchange refuses the copy and nothing is paid twice.`;
    case 'withdrawal_unknown':
      return t`There is no such withdrawal on this computer.`;
    case 'service_closed':
      return t`The app is shutting down; withdrawals are closed.`;
    default:
      return null;
  }
}

function stateWords(state: string, action: string): string {
  if (action === 'discard') {
    if (state === 'sent') return t`This withdrawal reached the exchange after all; it cannot be discarded.`;
    return t`Only withdrawals that were never sent, were refused, or are absent from the exchange history can be discarded.`;
  }
  switch (state) {
    case 'sending':
      return t`This withdrawal is being sent right now.`;
    case 'sent':
      return t`This withdrawal was already sent.`;
    case 'unknown':
      return t`The answer to this withdrawal was lost; check it again before doing anything else.`;
    case 'rejected':
      return t`The exchange refused this withdrawal; prepare a new one.`;
    case 'discarded':
      return t`This withdrawal was discarded; prepare a new one.`;
    default:
      return t`This withdrawal cannot be sent in its current state.`;
  }
}

/** Why a destination was refused: what was found, so the person can look for it. */
export function destinationProblemWords(problem: DestinationTextProblem | string, codePoint: string): string {
  switch (problem) {
    case 'bidi':
      return t`It contains a character that changes the reading direction (${codePoint}), so it would not display as what is sent. Type or paste it again.`;
    case 'zero_width':
      return t`It contains an invisible character (${codePoint}). Type or paste it again.`;
    case 'control':
      return t`It contains a control character such as a line break or tab (${codePoint}). Type or paste it again.`;
    case 'format':
      return t`It contains an invisible formatting character (${codePoint}). Type or paste it again.`;
    case 'not_ascii':
      return t`It contains a character addresses never use (${codePoint}), perhaps a look-alike letter from another alphabet. Type it again with Latin letters and digits.`;
    case 'space':
      return t`A wallet address has no spaces; check what was pasted.`;
    default:
      return t`It contains a character that cannot be sent (${codePoint}). Type or paste it again.`;
  }
}
