/**
 * Sums of the closed positions a filter found, market by market (the main process adds them with
 * decimal.js): what the period earned or lost, paid in funding and in fees. Folded by default so the
 * list stays in sight; each market's figures are in its own settlement currency, so no grand total.
 */
import { plural, t } from '@lingui/core/macro';
import type { ClosedMarketTotals } from '../../../shared/model/closedPositions';
import { DataTable, type Column } from '../../components';
import { formatAmount } from '../../format/format';

export function ClosedTotals({ totals }: { totals: readonly ClosedMarketTotals[] }) {
  if (totals.length === 0) return null;
  const columns: Column<ClosedMarketTotals>[] = [
    { header: t`Market`, sticky: true, cell: (m) => m.market },
    { header: t`Positions`, align: 'end', cellProps: () => ({ className: 'num' }), cell: (m) => (m.liquidated > 0 ? t`${m.positions} (${m.liquidated} liquidated)` : String(m.positions)) },
    { header: t`Realized P&L`, align: 'end', cellProps: (m) => ({ className: 'num', title: m.realizedPnl, 'data-testid': 'closed-total-pnl' }), cell: (m) => formatAmount(m.realizedPnl) },
    { header: t`Funding`, align: 'end', cellProps: (m) => ({ className: 'num', title: m.funding }), cell: (m) => formatAmount(m.funding) },
    { header: t`Fees`, align: 'end', cellProps: (m) => ({ className: 'num', title: m.fees }), cell: (m) => formatAmount(m.fees) },
  ];
  return (
    <details className="closed-totals" data-testid="closed-totals">
      <summary>{plural(totals.length, { one: 'Totals by market, for the filter above: # market', other: 'Totals by market, for the filter above: # markets' })}</summary>
      <DataTable className="closed-totals-table" aria-label={t`Closed positions totals by market`} columns={columns} rows={[...totals]} rowKey={(m) => m.market} rowTestId="closed-total" />
    </details>
  );
}
