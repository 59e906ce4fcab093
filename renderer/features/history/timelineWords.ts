import { t } from '@lingui/core/macro';
import type { TimelineEvent } from '../../../shared/model/history';
import { formatAmount } from '../../format/format';

/**
 * A timeline event in the person's language, from the codes and values the main process keeps: a
 * withdrawal reads as what its record says now (accepted, waiting for confirmation, frozen, sent…).
 */
export function timelineWords(event: TimelineEvent): { title: string; detail: string } {
  if (event.kind === 'withdrawal_sent') {
    const w = event.withdrawal;
    const what = `${formatAmount(w.amount)} ${w.ticker}`;
    return { title: withdrawalTitle(what, w.state, w.phase), detail: w.address ? t`To ${w.address}` : '' };
  }
  const a = event.alert;
  switch (a.kind) {
    case 'liquidation':
      return { title: t`${a.market}: position in liquidation`, detail: '' };
    case 'margin_call':
      return { title: t`${a.market}: position in margin call`, detail: '' };
    case 'threshold': {
      const distance = a.distancePercent === null ? '—' : `${formatAmount(a.distancePercent)}%`;
      const limit = a.thresholdPercent === null ? '' : t`below your ${`${formatAmount(a.thresholdPercent)}%`} alert`;
      return { title: t`${a.market}: ${distance} from liquidation`, detail: limit };
    }
    default:
      return { title: t`Position alert: ${a.market}`, detail: '' };
  }
}

type Withdrawal = Extract<TimelineEvent, { kind: 'withdrawal_sent' }>['withdrawal'];

function withdrawalTitle(what: string, state: Withdrawal['state'], phase: Withdrawal['phase']): string {
  if (state !== 'sent') return t`Withdrawal of ${what} requested`;
  switch (phase) {
    case null:
      return t`Withdrawal of ${what} accepted by the exchange, not processed yet`;
    case 'pending':
      return t`Withdrawal of ${what} being processed`;
    case 'successful':
      return t`Withdrawal of ${what} sent`;
    case 'canceled':
      return t`Withdrawal of ${what} canceled`;
    case 'unconfirmed_by_user':
      return t`Withdrawal of ${what} waiting for your confirmation`;
    case 'partially_successful':
      return t`Withdrawal of ${what} partly sent`;
    case 'aml_frozen':
      return t`Withdrawal of ${what} frozen for review by the exchange`;
    default:
      return t`Withdrawal of ${what}: status not known`;
  }
}
