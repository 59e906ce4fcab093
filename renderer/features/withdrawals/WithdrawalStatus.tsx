import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { explorerUrl } from '../../../shared/explorers';
import { Badge, CopyButton } from '../../components';
import { formatAmount, formatEpochMs } from '../../format/format';
import { Row, WithdrawalDetails } from './WithdrawalDetails';
import { transactionPhase } from '../../../shared/model/transactions';
import { statusWords } from '../transactions/phaseWords';
import { statusWords as withdrawalWords } from './words';
import { mapServerError } from './serverErrors';
import type { AppError } from '../../../shared/errors';

/**
 * One withdrawal after submission, kept live by `withdrawals.updated`. An unresolved outcome offers
 * a history lookup; only a record the exchange's history does not show may be sent again, and
 * always with the same id.
 */
export function WithdrawalStatus(props: {
  record: WithdrawalRecord;
  checking: boolean;
  resending: boolean;
  onCheckAgain: () => void;
  onSendAgain: () => void;
  /** Absent withdrawals only; the main process refuses while history may still lag. */
  onDiscard: () => void;
  discarding: boolean;
  onEdit: (() => void) | null;
  onNew: () => void;
  error: ReactNode;
  /** Our own account of a refusal, with what to do; shown instead of the exchange's words. */
  refusal?: ReactNode;
  vaspName?: (vaspId: string) => string | undefined;
}) {
  const { record } = props;
  const words = withdrawalWords(record);
  const shortId = `${record.uniqueId.slice(0, 8)}…`;
  return (
    <section className="card withdraw-status" aria-labelledby="withdraw-status-title" data-testid="withdrawal-status" data-state={record.state} data-phase={record.phase ?? ''}>
      <div className="card__section withdraw-status__head">
        <h2 className="withdraw-form__title" id="withdraw-status-title">
          {t`Withdrawal of ${formatAmount(record.amount)} ${record.ticker}`}
        </h2>
        <Badge tone={words.tone}>
          <span data-testid="withdrawal-status-label">{words.label}</span>
        </Badge>
      </div>
      <div className="card__section" role="status" aria-live="polite">
        {/* The badge above shows the status; the live region says it too, so a change is announced. */}
        <span className="visually-hidden">{t`Status: ${words.label}.`} </span>
        <p className="withdraw-status__explanation">{words.explanation}</p>
        {props.refusal ? props.refusal : record.lastError && record.state !== 'sent' ? <p className="field__error">{lastErrorWords(record.lastError)}</p> : null}
      </div>
      <div className="card__section">
        <WithdrawalDetails
          record={record}
          testIdPrefix="status"
          vaspName={props.vaspName}
          after={
            <>
              <Row label={t`Created`}>{formatEpochMs(record.createdAt)}</Row>
              {record.historyStatus !== null ? (
                <Row label={t`Status at the exchange`}>
                  <span title={t`The exchange records this as status ${record.historyStatus}`} data-testid="status-history-status">
                    {statusWords(transactionPhase(record.historyStatus), record.historyStatus)}
                  </span>
                </Row>
              ) : null}
              {record.partial ? (
                <>
                  <Row label={t`Requested`}>
                    <span className="num" data-testid="status-partial-requested">
                      {formatAmount(record.partial.requestAmount)} {record.ticker}
                    </span>
                  </Row>
                  <Row label={t`Processed (paid out)`}>
                    <span className="num" data-testid="status-partial-processed">
                      {formatAmount(record.partial.processedAmount)} {record.ticker}
                    </span>
                  </Row>
                  <Row label={t`Processed fee`}>
                    <span className="num" data-testid="status-partial-fee">
                      {formatAmount(record.partial.processedFee)} {record.ticker}
                    </span>
                  </Row>
                </>
              ) : null}
              {record.transactionHash ? <TransactionHashRow record={record} hash={record.transactionHash} /> : null}
              {record.confirmations ? (
                <Row label={t`Confirmations`}>
                  {t`${record.confirmations.actual} of ${record.confirmations.required}`}
                </Row>
              ) : null}
            </>
          }
        />
      </div>
      {props.error ? <div className="card__section">{props.error}</div> : null}
      <div className="card__section withdraw-form__actions">
        {record.state === 'unknown' || (record.state === 'not_found' && record.discardedAt === null) ? (
          <button type="button" className="button" onClick={props.onCheckAgain} disabled={props.checking || props.resending}>
            {props.checking ? t`Checking…` : t`Check again`}
          </button>
        ) : null}
        {record.state === 'not_found' && record.discardedAt === null ? (
          <>
            <button type="button" className="button button--primary" onClick={props.onSendAgain} disabled={props.checking || props.resending}>
              {props.resending ? t`Sending…` : t`Send again (same id ${shortId})`}
            </button>
            <button type="button" className="button" onClick={props.onDiscard} disabled={props.checking || props.resending || props.discarding}>
              {props.discarding ? t`Discarding…` : t`Discard`}
            </button>
          </>
        ) : null}
        {props.onEdit ? (
          <button type="button" className="button button--primary" onClick={props.onEdit}>
            {t`Edit and try again`}
          </button>
        ) : null}
        <button type="button" className="button" onClick={props.onNew}>
          {t`New withdrawal`}
        </button>
      </div>
    </section>
  );
}

/** The network's id of the payout, copyable, with its explorer page where the network is known. */
function TransactionHashRow({ record, hash }: { record: WithdrawalRecord; hash: string }) {
  const link = explorerUrl(record.network, record.ticker, hash);
  return (
    <Row label={t`Transaction hash`}>
      <span className="num withdraw-details__id" data-testid="status-transaction-hash">
        {hash}
      </span>{' '}
      <CopyButton value={hash} label={t`transaction hash`} />{' '}
      {link ? (
        <a href={link} target="_blank" rel="noreferrer" data-testid="status-explorer-link">
          {t`View on the network's explorer`}
        </a>
      ) : null}
    </Row>
  );
}

/** The last refusal of this withdrawal in words: on its field or not, it is one line here. */
function lastErrorWords(error: AppError): string {
  const mapped = mapServerError(error);
  return mapped.general ?? Object.values(mapped.fields).join(' ');
}
