import { t } from '@lingui/core/macro';
import type { FlexInvestment } from '../../../shared/api/schemas';
import { Badge, DataTable, EmptyState, type Column } from '../../components';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format/format';
import { investmentStatusWords } from './rate';

export function InvestmentsTable({ investments, limit }: { investments: FlexInvestment[]; limit: number }) {
  if (investments.length === 0) {
    return <EmptyState title={t`No investments yet`}>{t`Investments you make in a flex plan appear here.`}</EmptyState>;
  }
  return (
    <>
      <DataTable
        className="flex-investments-table"
        aria-label={t`Current investments`}
        columns={COLUMNS()}
        rows={investments}
        rowKey={(item) => item.id}
        rowTestId="investment-row"
      />
      {investments.length >= limit ? <p className="pager-note field__hint">{t`Showing the first ${limit} investments.`}</p> : null}
    </>
  );
}

const COLUMNS = (): Column<FlexInvestment>[] => [
  {
    header: t`Investment`,
    width: '19%',
    cellProps: (item) => ({ title: t`Investment ${item.id}, plan ${item.planId}` }),
    cell: (item) => (
      <>
        <span className="cell-main clip" data-testid="investment-name">{t`${item.currency} flex plan, no fixed term`}</span>
      </>
    ),
  },
  {
    header: t`Invested`,
    width: '14%',
    align: 'end',
    cellProps: (item) => ({ className: 'num', title: `${item.invested} ${item.currency}` }),
    cell: (item) => (
      <>
        {formatAmount(item.invested)} <span className="ticker">{item.currency}</span>
      </>
    ),
  },
  { header: t`Reinvest`, width: '11%', cell: (item) => (item.withAutoReinvest ? t`Yes` : t`No`) },
  { header: t`Status`, width: '10%', cell: (item) => <InvestmentStatus status={item.status} /> },
  { header: t`Created`, width: '23%', cellProps: (item) => ({ title: isoFromUnixSeconds(item.createdAt) }), cell: (item) => formatUnixSeconds(item.createdAt) },
  { header: t`Updated`, cellProps: (item) => ({ title: isoFromUnixSeconds(item.updatedAt) }), cell: (item) => formatUnixSeconds(item.updatedAt) },
];

function InvestmentStatus({ status }: { status: number }) {
  const words = investmentStatusWords(status);
  return (
    <Badge tone={words.tone} title={t`Status ${status} as the exchange sends it`}>
      {words.label}
    </Badge>
  );
}
