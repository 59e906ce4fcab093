import type { FlexInvestment } from '../../../shared/api/schemas';
import { Badge, EmptyState } from '../../components';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format';
import { investmentStatusWords } from './rate';

export function InvestmentsTable({ investments, limit }: { investments: FlexInvestment[]; limit: number }) {
  if (investments.length === 0) {
    return <EmptyState title="No investments yet">Investments you make in a flex plan appear here.</EmptyState>;
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table flex-investments-table" aria-label="Current investments">
          <colgroup>
            <col style={{ width: '19%' }} />
            <col style={{ width: '14%' }} />
            <col style={{ width: '11%' }} />
            <col style={{ width: '10%' }} />
            <col style={{ width: '23%' }} />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th>Investment</th>
              <th className="align-end">Invested</th>
              <th>Reinvest</th>
              <th>Status</th>
              <th>Created</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {investments.map((item, i) => (
              <tr key={`${item.id}:${i}`} data-testid="investment-row">
                <td title={`Investment ${item.id}, plan ${item.planId}`}>
                  <span className="cell-main num">{item.id}</span>
                  <span className="cell-sub num">plan {item.planId}</span>
                </td>
                <td className="align-end num" title={`${item.invested} ${item.currency}`}>
                  {formatAmount(item.invested)} <span className="ticker">{item.currency}</span>
                </td>
                <td>{item.withAutoReinvest ? 'Yes' : 'No'}</td>
                <td>
                  <InvestmentStatus status={item.status} />
                </td>
                <td title={isoFromUnixSeconds(item.createdAt)}>{formatUnixSeconds(item.createdAt)}</td>
                <td title={isoFromUnixSeconds(item.updatedAt)}>{formatUnixSeconds(item.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {investments.length >= limit ? <p className="pager-note field__hint">Showing the first {limit} investments.</p> : null}
    </>
  );
}

function InvestmentStatus({ status }: { status: number }) {
  const words = investmentStatusWords(status);
  return (
    <Badge tone={words.tone} title={`Status ${status} as the exchange sends it`}>
      {words.label}
    </Badge>
  );
}
