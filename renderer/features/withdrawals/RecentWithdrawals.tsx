import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { Badge, EmptyState } from '../../components';
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
        <div className="table-wrap">
          <table className="table withdraw-recent" aria-labelledby="recent-withdrawals-title">
            <colgroup>
              <col className="withdraw-recent__created" />
              <col className="withdraw-recent__asset" />
              <col className="withdraw-recent__amount" />
              <col className="withdraw-recent__fee" />
              <col />
              <col className="withdraw-recent__status" />
              <col className="withdraw-recent__open" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Asset</th>
                <th scope="col" className="align-end">
                  Receiver gets
                </th>
                <th scope="col" className="align-end">
                  Fee
                </th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => {
                const words = statusWords(record);
                return (
                  <tr key={record.uniqueId} data-testid="recent-withdrawal" data-unique-id={record.uniqueId} data-state={record.state}>
                    <td>{formatEpochMs(record.createdAt)}</td>
                    <td>
                      <span className="cell-main">{record.ticker}</span>
                      <span className="cell-sub">{record.network ?? record.provider ?? ''}</span>
                    </td>
                    <td className="align-end num">{formatAmount(record.amount)}</td>
                    <td className="align-end num">{record.fee === null ? 'unknown' : formatAmount(record.fee)}</td>
                    <td className="num" title={record.address}>
                      {shortAddress(record.address)}
                    </td>
                    <td className="withdraw-recent__status-cell">
                      <Badge tone={words.tone}>{words.label}</Badge>
                    </td>
                    <td className="align-end">
                      <button type="button" className="button button--small" onClick={() => onOpen(record)} aria-label={`${record.state === 'prepared' ? 'Review' : 'Details of'} the withdrawal of ${formatAmount(record.amount)} ${record.ticker} to ${shortAddress(record.address)}`}>
                        {record.state === 'prepared' ? 'Review' : 'Details'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Long addresses as their first and last 8 characters; the full one is in the cell's title. */
function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}
