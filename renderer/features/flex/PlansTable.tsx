import type { FlexPlan } from '../../../shared/api/schemas';
import { FLEX_LIMIT, FLEX_OFFSET } from '../../../shared/api/endpoints';
import { maxRatePercent } from './rate';
import { EmptyState } from '../../components';
import { formatAmount } from '../../format';

export const PLAN_PAGE_SIZES = [10, 25, 50, FLEX_LIMIT.max] as const;

export interface PlansPage {
  limit: number;
  offset: number;
}

/**
 * The plans endpoint answers a bare array without a total, so "Next" is offered exactly when a
 * full page came back (there may be more); a short page is the last one.
 */
export function hasNextPage(rows: number, page: PlansPage): boolean {
  return rows >= page.limit && page.offset + page.limit <= FLEX_OFFSET.max;
}

export function PlansTable({
  plans,
  page,
  loading,
  selectedPlanId,
  onPage,
  onInvest,
  unreadableCount = 0,
}: {
  plans: FlexPlan[];
  page: PlansPage;
  /** Plans on this page the exchange sent but the app could not read: they still fill the page. */
  unreadableCount?: number;
  loading: boolean;
  selectedPlanId: string | null;
  onPage: (page: PlansPage) => void;
  onInvest: (plan: FlexPlan) => void;
}) {
  const first = page.offset + 1;
  const received = plans.length + unreadableCount;
  return (
    <>
      <div className="table-wrap">
        <table className="table flex-plans-table" aria-label="Flex plans">
          <colgroup>
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '22%' }} />
            <col style={{ width: '16%' }} />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th>Ticker</th>
              <th className="align-end">Min investment</th>
              <th className="align-end">Max investment</th>
              <th className="align-end">Max rate</th>
              <th className="align-end">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.length === 0 ? (
              <tr>
                <td colSpan={5}>
                  <EmptyState title={page.offset > 0 ? 'No more plans' : 'No flex plans'}>
                    {page.offset > 0 ? 'Go back to the previous page.' : 'The exchange lists no active plans for this filter.'}
                  </EmptyState>
                </td>
              </tr>
            ) : (
              plans.map((plan, i) => (
                <tr key={`${plan.id}:${i}`} data-testid="plan-row" className={plan.id === selectedPlanId ? "plan-row--selected" : undefined}>
                  <td title={`${plan.ticker} (plan ${plan.id})`}>
                    <span className="cell-main">{plan.ticker}</span>
                    <span className="cell-sub num">{plan.id}</span>
                  </td>
                  <td className="align-end num" title={plan.minInvestment}>
                    {formatAmount(plan.minInvestment)}
                  </td>
                  <td className="align-end num" title={plan.maxInvestment}>
                    {formatAmount(plan.maxInvestment)}
                  </td>
                  <RateCell fraction={plan.maxRate} />
                  <td className="align-end">
                    <button type="button" className="button button--small" aria-label={`Invest in ${plan.ticker} plan ${plan.id}`} onClick={() => onInvest(plan)}>
                      Invest
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Plan pages">
        <span aria-live="polite">
          {received > 0 ? `Plans ${first}\u2013${page.offset + received}` : 'No plans on this page'}
          {loading ? ' \u00b7 loading\u2026' : ''}
        </span>
        <div className="toolbar">
          <label className="field field--inline">
            <span className="field__label">Per page</span>
            <select aria-label="Plans per page" value={page.limit} onChange={(e) => onPage({ limit: Number(e.target.value), offset: 0 })}>
              {PLAN_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" disabled={page.offset === 0 || loading} onClick={() => onPage({ ...page, offset: Math.max(0, page.offset - page.limit) })}>
            Previous
          </button>
          <button type="button" className="button" disabled={!hasNextPage(received, page) || loading} onClick={() => onPage({ ...page, offset: page.offset + page.limit })}>
            Next
          </button>
        </div>
      </nav>
    </>
  );
}

/** The exchange's fraction (0.15) shown as a percent (15 %); the exchange's value stays in the tooltip. */
function RateCell({ fraction }: { fraction: string }) {
  const percent = maxRatePercent(fraction);
  return (
    <td className="align-end num" title={`maxRate ${fraction} (a fraction of 1)`} data-testid="plan-rate">
      {percent === null ? fraction : `${formatAmount(percent)} %`}
    </td>
  );
}
