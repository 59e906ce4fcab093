/** A withdrawal record's status as words and a badge tone: what a person needs to know next. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { WithdrawalPhase } from '../../../shared/api/endpoints';
import { paidAfterDiscard, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import type { BadgeTone } from '../../components';

export interface StatusWords {
  label: string;
  tone: BadgeTone;
  /** One sentence on what it means and what to do. */
  explanation: string;
}

export function statusWords(record: WithdrawalRecord): StatusWords {
  if (paidAfterDiscard(record)) {
    return {
      label: t`Paid after it was discarded`,
      tone: 'danger',
      explanation: t`You discarded this withdrawal because the exchange history did not show it, but it has appeared there since: the money left your account. If you sent the same payment again, it was paid twice; contact the receiver or exchange support.`,
    };
  }
  switch (record.state) {
    case 'prepared':
      return { label: t`Not sent yet`, tone: 'neutral', explanation: t`Recorded on this computer with its id; nothing has been sent to the exchange.` };
    case 'sending':
      return { label: t`Sending…`, tone: 'info', explanation: t`The request is on its way to the exchange.` };
    case 'unknown':
      return {
        label: t`Outcome unknown`,
        tone: 'warning',
        explanation: t`The connection broke before the exchange answered, so the withdrawal may or may not have been made. The app is looking it up in the exchange history; do not send it again yet.`,
      };
    case 'not_found':
      if (record.discardedAt !== null) {
        return {
          label: t`Discarded (still watched)`,
          tone: 'neutral',
          explanation: t`You discarded this withdrawal. The app keeps looking for it in the exchange history for a week and tells you if it appears after all.`,
        };
      }
      return {
        label: t`Not found at the exchange`,
        tone: 'warning',
        explanation: t`The exchange history does not show this withdrawal. You can check again, or send it again with the same id: if the first attempt did arrive after all, the exchange refuses the copy, so it cannot be paid twice.`,
      };
    case 'rejected':
      return { label: t`Refused by the exchange`, tone: 'danger', explanation: t`The exchange refused the withdrawal; nothing was debited.` };
    case 'sent':
      return sentWords(record);
  }
}

/** The exchange's phases in the person's language (shared/ keeps the English for logs and CSV). */
const PHASE_WORDS: Record<WithdrawalPhase, MessageDescriptor> = {
  pending: msg`Pending`,
  successful: msg`Successful`,
  canceled: msg`Canceled`,
  unconfirmed_by_user: msg`Unconfirmed by user`,
  partially_successful: msg`Partially successful`,
  aml_frozen: msg`Frozen for AML review`,
  unknown: msg`Unknown status`,
};

function sentWords(record: WithdrawalRecord): StatusWords {
  if (record.phase === null) {
    return { label: t`Sent`, tone: 'info', explanation: t`The exchange accepted the withdrawal and is processing it; its status appears here as the exchange reports it.` };
  }
  const label = i18n._(PHASE_WORDS[record.phase]);
  const code = record.historyStatus ?? '?';
  switch (record.phase) {
    case 'pending':
      return { label, tone: 'info', explanation: t`The exchange is processing the withdrawal.` };
    case 'successful':
      return { label, tone: 'positive', explanation: t`The withdrawal is complete.` };
    case 'canceled':
      return { label, tone: 'danger', explanation: t`The withdrawal was canceled; the exchange returns the funds to the balance.` };
    // 5, 18 and 21 are not final (docs/exchange-api.md): the app keeps following them. The instructions are ours.
    case 'unconfirmed_by_user':
      return {
        label,
        tone: 'warning',
        explanation: t`Waiting for you: confirm this withdrawal in the e-mail or the app the exchange sent you. Until you do, it is not paid out. The app keeps checking.`,
      };
    case 'partially_successful':
      return {
        label,
        tone: 'warning',
        explanation: t`Only part of the amount was paid out so far (see requested and processed amounts below); the exchange may still change it. The app keeps checking.`,
      };
    case 'aml_frozen':
      return {
        label,
        tone: 'danger',
        explanation: t`Frozen: the exchange holds this withdrawal for an anti-money-laundering review. Contact exchange support with the withdrawal id. The app keeps checking.`,
      };
    default:
      return { label, tone: 'neutral', explanation: t`The exchange reports status code ${code}.` };
  }
}
