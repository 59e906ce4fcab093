import { useRef } from 'react';
import { t } from '@lingui/core/macro';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { useBridgeEvent } from '../../api/queries';
import { formatAmount } from '../../format/format';
import { useUi } from '../../state/ui';
import { TOAST_LIFETIME_MS, useToasts, type Toast } from './toasts';
import { useLeaveAfter } from './useLeaveAfter';

/**
 * What a withdrawal update is worth a toast for: only a final word (confirmed, paid in part,
 * cancelled, refused). Intermediate steps show in the Withdraw view, not as interruptions.
 */
export function withdrawalToast(record: WithdrawalRecord): Toast | null {
  const what = `${formatAmount(record.amount)} ${record.ticker}`;
  const id = `withdrawal:${record.uniqueId}`;
  if (record.state === 'rejected') return { id, tone: 'danger', title: t`Withdrawal refused`, body: t`The exchange refused the withdrawal of ${what}. Nothing was debited.` };
  switch (record.phase) {
    case 'successful':
      return { id, tone: 'positive', title: t`Withdrawal confirmed`, body: t`${what} was paid out.` };
    case 'partially_successful':
      return { id, tone: 'danger', title: t`Withdrawal partly paid`, body: t`Only part of ${what} was paid out. See Withdraw for the amounts.` };
    case 'canceled':
      return { id, tone: 'danger', title: t`Withdrawal cancelled`, body: t`The withdrawal of ${what} was cancelled.` };
    case 'aml_frozen':
      return { id, tone: 'danger', title: t`Withdrawal held for review`, body: t`The withdrawal of ${what} is frozen for AML review.` };
    case 'unconfirmed_by_user':
      return { id, tone: 'info', title: t`Withdrawal waits for you`, body: t`Confirm the withdrawal of ${what} on the exchange.` };
    default:
      return null;
  }
}

/** One announcement per withdrawal and outcome, however often the same record is pushed again. */
function outcomeKey(record: WithdrawalRecord): string {
  return `${record.uniqueId}:${record.state}:${record.phase ?? ''}`;
}

/**
 * Toasts for background events: withdrawal outcomes pushed by the main process, in any view but
 * Withdraw. The
 * container is a polite live region, so a screen reader announces each new toast once.
 */
export function BackgroundToasts() {
  const toasts = useToasts((s) => s.toasts);
  const show = useToasts((s) => s.show);
  const dismiss = useToasts((s) => s.dismiss);
  const announced = useRef(new Set<string>());

  useBridgeEvent('withdrawals.updated', (record) => {
    const key = outcomeKey(record);
    if (announced.current.has(key)) return;
    announced.current.add(key);
    // The Withdraw view shows every outcome in its status and list: a toast there would only cover it.
    if (useUi.getState().view === 'withdrawals') return;
    const toast = withdrawalToast(record);
    if (toast) show(toast);
  });

  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={t`Notifications`}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const leaving = useLeaveAfter(TOAST_LIFETIME_MS, onDismiss, toast);
  return (
    <div className={`toast toast--${toast.tone}`} data-testid="toast" {...leaving}>
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        <p className="toast__body">{toast.body}</p>
      </div>
      <button type="button" className="button button--ghost button--small" aria-label={t`Dismiss: ${toast.title}`} onClick={onDismiss}>
        {t`Dismiss`}
      </button>
    </div>
  );
}
