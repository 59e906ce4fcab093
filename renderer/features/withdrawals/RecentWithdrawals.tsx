import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { Badge, DataTable, EmptyState, HiddenHeader, type Column } from '../../components';
import { formatAmount, formatEpochMs } from '../../format';
import { statusWords } from './words';

/** Withdrawals recorded on this computer for the account, newest first; a row opens its status. */
export function RecentWithdrawals({ records, onOpen }: { records: WithdrawalRecord[]; onOpen: (record: WithdrawalRecord) => void }) {
  return (
    <section className="card" aria-labelledby="recent-withdrawals-title">
      <div className="card__section">
        <h2 className="withdraw-form__title" id="recent-withdrawals-title">
          Recent withdrawals
        </h2>
      </div>
      {records.length === 0 ? (
        <EmptyState title="No withdrawals yet">Withdrawals you make from this app appear here with their status.</EmptyState>
      ) : (
        <DataTable
          className="withdraw-recent"
          aria-labelledby="recent-withdrawals-title"
          columns={columns(onOpen)}
          rows={records}
          rowKey={(record) => record.uniqueId}
          rowProps={(record) => ({ 'data-testid': 'recent-withdrawal', 'data-unique-id': record.uniqueId, 'data-state': record.state })}
        />
      )}
    </section>
  );
}

function columns(onOpen: (record: WithdrawalRecord) => void): Column<WithdrawalRecord>[] {
  return [
    { header: 'Created', colClassName: 'withdraw-recent__created', cell: (record) => formatEpochMs(record.createdAt) },
    {
      header: 'Asset',
      colClassName: 'withdraw-recent__asset',
      cell: (record) => (
        <>
          <span className="cell-main">{record.ticker}</span>
          <span className="cell-sub">{record.network ?? record.provider ?? ''}</span>
        </>
      ),
    },
    { header: 'Receiver gets', colClassName: 'withdraw-recent__amount', align: 'end', cellProps: () => ({ className: 'num' }), cell: (record) => formatAmount(record.amount) },
    {
      header: 'Fee',
      colClassName: 'withdraw-recent__fee',
      align: 'end',
      cellProps: () => ({ className: 'num' }),
      cell: (record) => (record.fee === null ? 'unknown' : formatAmount(record.fee)),
    },
    { header: 'To', cellProps: (record) => ({ className: 'num', title: record.address }), cell: (record) => shortAddress(record.address) },
    {
      header: 'Status',
      colClassName: 'withdraw-recent__status',
      cellProps: () => ({ className: 'withdraw-recent__status-cell' }),
      cell: (record) => {
        const words = statusWords(record);
        return <Badge tone={words.tone}>{words.label}</Badge>;
      },
    },
    {
      header: <HiddenHeader>Open</HiddenHeader>,
      colClassName: 'withdraw-recent__open',
      align: 'end',
      cell: (record) => (
        <button
          type="button"
          className="button button--small"
          onClick={() => onOpen(record)}
          aria-label={`${record.state === 'prepared' ? 'Review' : 'Details of'} the withdrawal of ${formatAmount(record.amount)} ${record.ticker} to ${shortAddress(record.address)}`}
        >
          {record.state === 'prepared' ? 'Review' : 'Details'}
        </button>
      ),
    },
  ];
}

/** Long addresses as their first and last 8 characters; the full one is in the cell's title. */
function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}
