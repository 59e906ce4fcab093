import type { FlexInvestment } from '../../../shared/api/schemas';
import { Badge, DataTable, EmptyState, type Column } from '../../components';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format';
import { investmentStatusWords } from './rate';

export function InvestmentsTable({ investments, limit }: { investments: FlexInvestment[]; limit: number }) {
  if (investments.length === 0) {
    return <EmptyState title="No investments yet">Investments you make in a flex plan appear here.</EmptyState>;
  }
  return (
    <>
      <DataTable
        className="flex-investments-table"
        aria-label="Current investments"
        columns={COLUMNS}
        rows={investments}
        rowKey={(item) => item.id}
        rowTestId="investment-row"
      />
      {investments.length >= limit ? <p className="pager-note field__hint">Showing the first {limit} investments.</p> : null}
    </>
  );
}

const COLUMNS: Column<FlexInvestment>[] = [
  {
    header: 'Investment',
    width: '19%',
    cellProps: (item) => ({ title: `Investment ${item.id}, plan ${item.planId}` }),
    cell: (item) => (
      <>
        <span className="cell-main num">{item.id}</span>
        <span className="cell-sub num">plan {item.planId}</span>
      </>
    ),
  },
  {
    header: 'Invested',
    width: '14%',
    align: 'end',
    cellProps: (item) => ({ className: 'num', title: `${item.invested} ${item.currency}` }),
    cell: (item) => (
      <>
        {formatAmount(item.invested)} <span className="ticker">{item.currency}</span>
      </>
    ),
  },
  { header: 'Reinvest', width: '11%', cell: (item) => (item.withAutoReinvest ? 'Yes' : 'No') },
  { header: 'Status', width: '10%', cell: (item) => <InvestmentStatus status={item.status} /> },
  { header: 'Created', width: '23%', cellProps: (item) => ({ title: isoFromUnixSeconds(item.createdAt) }), cell: (item) => formatUnixSeconds(item.createdAt) },
  { header: 'Updated', cellProps: (item) => ({ title: isoFromUnixSeconds(item.updatedAt) }), cell: (item) => formatUnixSeconds(item.updatedAt) },
];

function InvestmentStatus({ status }: { status: number }) {
  const words = investmentStatusWords(status);
  return (
    <Badge tone={words.tone} title={`Status ${status} as the exchange sends it`}>
      {words.label}
    </Badge>
  );
}
