import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DRAFT_LIFETIME_MS, type RecentPayment, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import { formatAmount, formatClock } from '../../format/format';
import { GroupedAddress } from './AddressText';
import { Row, WithdrawalDetails } from './WithdrawalDetails';

/**
 * The last look before money moves. Everything the exchange will receive is repeated in full, and
 * the confirm button fires once: it is disabled while the send is pending, a ref stops a second
 * click that lands before the re-render, and the main process holds a per-id lock besides.
 */
export function ConfirmWithdrawal(props: {
  record: WithdrawalRecord;
  accountName: string;
  /** The Demo account's exchange is the built-in simulator: nothing real moves. */
  isDemo: boolean;
  /** Why sending is impossible (the key is known not to withdraw); the button stays off. */
  sendBlocked?: string | null;
  pending: boolean;
  /** A first payment to this destination: one more deliberate step (a box to tick) before Send. */
  newDestination: boolean;
  /** The same payment was sent within a day: a box naming it must be ticked before Send. */
  recentTwin: RecentPayment | null;
  /** `acceptedRecentTwin`: the id of the payment the person ticked to pay again, else null. */
  onConfirm: (acceptedNewDestination: boolean, acceptedRecentTwin: string | null) => void;
  onEdit: () => void;
  editing: boolean;
  error: ReactNode;
  vaspName?: (vaspId: string) => string | undefined;
}) {
  const { record, pending } = props;
  const fired = useRef(false);
  const [checkedNew, setCheckedNew] = useState(false);
  // The tick names one payment: a different one found later must be ticked afresh.
  const [checkedTwinId, setCheckedTwinId] = useState<string | null>(null);
  const twin = props.recentTwin;
  const needsTick = (props.newDestination && !checkedNew) || (twin !== null && checkedTwinId !== twin.uniqueId);
  // Re-armed only once a send has finished (e.g. throttled: the person may try again, same id), or
  // when a refusal names a payment this one repeats (the answer may come before any re-render).
  useEffect(() => {
    if (!pending) fired.current = false;
  }, [pending, twin?.uniqueId]);
  const confirm = () => {
    if (fired.current || pending || props.sendBlocked || needsTick) return;
    fired.current = true;
    props.onConfirm(props.newDestination && checkedNew, twin ? checkedTwinId : null);
  };
  return (
    <section className="card withdraw-confirm" aria-labelledby="withdraw-confirm-title">
      <div className="card__section">
        <h2 className="withdraw-form__title" id="withdraw-confirm-title">
          {t`Confirm the withdrawal`}
        </h2>
        <p className="field__hint">{t`Check every line. A withdrawal cannot be undone once the exchange has it.`}</p>
        {record.state === 'prepared' ? (
          <p className="field__hint" data-testid="confirm-expiry">
            {t`Figures of ${formatClock(record.quotedAt)}; send by ${formatClock(record.quotedAt + DRAFT_LIFETIME_MS)}, or prepare it again.`}
          </p>
        ) : null}
      </div>
      <div className="card__section">
        <WithdrawalDetails record={record} testIdPrefix="confirm" vaspName={props.vaspName} before={<Row label={t`From account`}>{props.accountName}</Row>} />
      </div>
      <div className="card__section" data-testid="confirm-destination">
        <p className="field__hint">{t`Compare the address block by block with the one the receiver gave you:`}</p>
        <GroupedAddress address={record.address} network={record.network ?? record.provider} />
        {record.memo ? (
          <p>
            {t`Memo`}: <span className="num">{record.memo}</span>
          </p>
        ) : null}
        {props.newDestination ? (
          <div className="withdraw-warning" role="note" data-testid="new-destination">
            <strong>{t`You have never sent to this address.`}</strong>{' '}
            {t`Address-swapping malware and look-alike addresses target first payments. Check every block before you send.`}
            <label className="withdraw-new-destination">
              <input type="checkbox" checked={checkedNew} onChange={(event) => setCheckedNew(event.target.checked)} disabled={pending} />
              <span>{t`I checked this new address with the receiver`}</span>
            </label>
          </div>
        ) : null}
        {twin ? (
          <div className="withdraw-warning" role="note" data-testid="recent-twin">
            <strong>{t`You already sent ${formatAmount(twin.amount)} ${twin.ticker} to this address at ${formatClock(twin.sentAt)} (id ${twin.uniqueId}).`}</strong>{' '}
            {t`A second one pays again. If you meant to send it once, go back and do not send this one.`}
            <label className="withdraw-new-destination">
              <input type="checkbox" checked={checkedTwinId === twin.uniqueId} onChange={(event) => setCheckedTwinId(event.target.checked ? twin.uniqueId : null)} disabled={pending} />
              <span>{t`Pay ${formatAmount(twin.amount)} ${twin.ticker} to this address again`}</span>
            </label>
          </div>
        ) : null}
      </div>
      <div className="card__section">
        <div className="withdraw-warning" role="note">
          {props.isDemo ? (
            <>
              <Trans>
                <strong>Demo: no real funds move.</strong> This goes to the built-in demo exchange, exactly as a real withdrawal would.
              </Trans>
            </>
          ) : (
            <>
              <Trans>
                <strong>This moves real funds.</strong> The API key of this account can withdraw money.
              </Trans>
            </>
          )}{' '}
          {t`The app sends this withdrawal once, with the id above; if the connection breaks it looks the id up at the exchange instead of sending again.`}
        </div>
      </div>
      {props.error ? <div className="card__section">{props.error}</div> : null}
      <div className="card__section withdraw-form__actions">
        <button type="button" className="button button--primary" onClick={confirm} disabled={pending || Boolean(props.sendBlocked) || needsTick} title={props.sendBlocked ?? undefined}>
          {pending ? t`Sending…` : t`Send ${formatAmount(record.amount)} ${record.ticker}`}
        </button>
        <button type="button" className="button" onClick={props.onEdit} disabled={pending || props.editing}>
          {t`Back and edit`}
        </button>
      </div>
    </section>
  );
}
