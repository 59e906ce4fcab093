import { useEffect, useRef, type ReactNode } from 'react';
import type { WithdrawalRecord } from '../../../shared/ipc';
import { CopyButton } from '../../components';
import { formatAmount } from '../../format';
import { AddressText } from './AddressText';

/**
 * The last look before money moves. Everything the exchange will receive is repeated in full, and
 * the confirm button fires once: it is disabled while the send is pending, a ref stops a second
 * click that lands before the re-render, and the main process holds a per-id lock besides.
 */
export function ConfirmWithdrawal(props: {
  record: WithdrawalRecord;
  accountName: string;
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
  editing: boolean;
  error: ReactNode;
}) {
  const { record, pending } = props;
  const fired = useRef(false);
  // Re-armed only once a send has finished (e.g. throttled: the person may try again, same id).
  useEffect(() => {
    if (!pending) fired.current = false;
  }, [pending]);
  const confirm = () => {
    if (fired.current || pending) return;
    fired.current = true;
    props.onConfirm();
  };
  return (
    <section className="card withdraw-confirm" aria-labelledby="withdraw-confirm-title">
      <div className="card__section">
        <h2 className="withdraw-form__title" id="withdraw-confirm-title">
          Confirm the withdrawal
        </h2>
        <p className="field__hint">Check every line. A withdrawal cannot be undone once the exchange has it.</p>
      </div>
      <div className="card__section">
        <dl className="withdraw-details">
          <Row label="From account">{props.accountName}</Row>
          <Row label="Asset">{record.ticker}</Row>
          {record.network ? <Row label="Network">{record.network}</Row> : null}
          {record.provider ? <Row label="Payment provider">{record.provider}</Row> : null}
          <Row label={record.provider ? 'Pay out to' : 'To address'} testId="confirm-address">
            <AddressText address={record.address} />
          </Row>
          {record.memo ? (
            <Row label="Memo">
              <span className="num">{record.memo}</span>
            </Row>
          ) : null}
          <Row label="Receiver gets" testId="confirm-amount">
            <span className="num">
              {formatAmount(record.amount)} {record.ticker}
            </span>
          </Row>
          <Row label="Fee" testId="confirm-fee">
            <span className="num">
              {formatAmount(record.fee)} {record.ticker}
            </span>
          </Row>
          <Row label="Balance falls by" testId="confirm-total" strong>
            <span className="num">
              {formatAmount(record.totalDebit)} {record.ticker}
            </span>
          </Row>
          <Row label="Withdrawal id" testId="confirm-unique-id">
            <span className="num withdraw-details__id">{record.uniqueId}</span> <CopyButton value={record.uniqueId} label="withdrawal id" />
          </Row>
        </dl>
      </div>
      <div className="card__section">
        <div className="withdraw-warning" role="note">
          <strong>This moves real funds.</strong> The API key of this account can withdraw money. The app sends this withdrawal once, with
          the id above; if the connection breaks it looks the id up at the exchange instead of sending again.
        </div>
      </div>
      {props.error ? <div className="card__section">{props.error}</div> : null}
      <div className="card__section withdraw-form__actions">
        <button type="button" className="button button--primary" onClick={confirm} disabled={pending}>
          {pending ? 'Sending…' : `Send ${formatAmount(record.amount)} ${record.ticker}`}
        </button>
        <button type="button" className="button" onClick={props.onEdit} disabled={pending || props.editing}>
          Back and edit
        </button>
      </div>
    </section>
  );
}

export function Row({ label, children, testId, strong = false }: { label: string; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={`withdraw-details__row${strong ? ' withdraw-details__row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
