import { t } from '@lingui/core/macro';
import { debitDiffers, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import { add } from '../../../shared/money/decimal';
import { Badge, Card, DataTable, EmptyState, HiddenHeader, type Column } from '../../components';
import { formatAmount, formatEpochMs } from '../../format/format';
import { statusWords } from './words';

/** Withdrawals recorded on this computer for the account, newest first; a row opens its status. */
export function RecentWithdrawals({
  records,
  onOpen,
  onDelete,
  deleting,
}: {
  records: WithdrawalRecord[];
  onOpen: (record: WithdrawalRecord) => void;
  /** Deletes a draft; offered only for records that were never sent (isDeletableDraft). */
  onDelete: (record: WithdrawalRecord) => void;
  /** The uniqueId being deleted right now, if any. */
  deleting: string | null;
}) {
  return (
    <Card title={t`Recent withdrawals`} titleId="recent-withdrawals-title" titleClassName="withdraw-form__title">
      {records.length === 0 ? (
        <EmptyState title={t`No withdrawals yet`}>{t`Withdrawals you make from this app appear here with their status.`}</EmptyState>
      ) : (
        <DataTable
          className="withdraw-recent"
          aria-labelledby="recent-withdrawals-title"
          columns={columns(onOpen, onDelete, deleting)}
          rows={records}
          rowKey={(record) => record.uniqueId}
          rowTestId="recent-withdrawal"
          rowProps={(record) => ({ 'data-unique-id': record.uniqueId, 'data-state': record.state })}
        />
      )}
    </Card>
  );
}

/**
 * A draft: prepared and never sent (or a send the exchange provably did not process: 429, key refused),
 * so nothing can have left the account. Every other state may
 * have reached the exchange (sending, unknown, sent, not_found while history may lag) or is the
 * record of a refusal; those are never offered for deletion. The main process enforces the same.
 */
function isDeletableDraft(record: WithdrawalRecord): boolean {
  return record.state === 'prepared' && record.discardedAt === null;
}

function columns(onOpen: (record: WithdrawalRecord) => void, onDelete: (record: WithdrawalRecord) => void, deleting: string | null): Column<WithdrawalRecord>[] {
  return [
    { header: t`Created`, colClassName: 'withdraw-recent__created', cell: (record) => formatEpochMs(record.createdAt) },
    {
      header: t`Asset`,
      colClassName: 'withdraw-recent__asset',
      cell: (record) => (
        <>
          <span className="cell-main">{record.ticker}</span>
          <span className="cell-sub">{record.network ?? record.provider ?? ''}</span>
        </>
      ),
    },
    { header: t`Receiver gets`, colClassName: 'withdraw-recent__amount', align: 'end', cellProps: () => ({ className: 'num' }), cell: (record) => formatAmount(record.amount) },
    {
      header: t`Fee`,
      colClassName: 'withdraw-recent__fee',
      align: 'end',
      cellProps: () => ({ className: 'num' }),
      cell: (record) => (record.fee === null ? 'unknown' : formatAmount(record.fee)),
    },
    { header: t`To`, cellProps: (record) => ({ className: 'num', title: record.address }), cell: (record) => shortAddress(record.address) },
    {
      header: t`Status`,
      colClassName: 'withdraw-recent__status',
      cellProps: () => ({ className: 'withdraw-recent__status-cell' }),
      cell: (record) => {
        const words = statusWords(record);
        return (
          <>
            <Badge tone={words.tone}>{words.label}</Badge>
            {debitDiffers(record) ? (
              <span className="withdraw-recent__mismatch" data-testid="debit-mismatch">
                <Badge tone="danger">{t`Debited ${formatAmount(debitedTotal(record))}, confirmed ${record.totalDebit === null ? '?' : formatAmount(record.totalDebit)}`}</Badge>
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      header: <HiddenHeader>{t`Open`}</HiddenHeader>,
      colClassName: 'withdraw-recent__open',
      align: 'end',
      cell: (record) => (
        <span className="withdraw-recent__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => onOpen(record)}
            aria-label={
              record.state === 'prepared'
                ? t`Review the withdrawal of ${formatAmount(record.amount)} ${record.ticker} to ${shortAddress(record.address)}`
                : t`Details of the withdrawal of ${formatAmount(record.amount)} ${record.ticker} to ${shortAddress(record.address)}`
            }
          >
            {record.state === 'prepared' ? t`Review` : t`Details`}
          </button>
          {isDeletableDraft(record) ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => onDelete(record)}
              disabled={deleting === record.uniqueId}
              aria-label={t`Delete the draft withdrawal of ${formatAmount(record.amount)} ${record.ticker} to ${shortAddress(record.address)}`}
            >
              {deleting === record.uniqueId ? t`Deleting…` : t`Delete`}
            </button>
          ) : null}
        </span>
      ),
    },
  ];
}

/** Long addresses as their first and last 8 characters; the full one is in the cell's title. */
function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}

/** What the exchange took in all: its amount plus its fee, as its history shows them. */
function debitedTotal(record: WithdrawalRecord): string {
  return add(record.debitedAmount ?? record.amount, record.debitedFee ?? '0');
}
