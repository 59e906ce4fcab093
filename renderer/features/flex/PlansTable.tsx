import { t } from '@lingui/core/macro';
import type { FlexPlan } from '../../../shared/api/schemas';
import { FLEX_LIMIT, FLEX_OFFSET } from '../../../shared/api/endpoints';
import { maxRatePercent, rateTitle } from './rate';
import { DataTable, HiddenHeader, Pager, type Column } from '../../components';
import { formatAmount } from '../../format/format';

export const PLAN_PAGE_SIZES = [10, 25, 50, FLEX_LIMIT.max] as const;

export interface PlansPage {
  limit: number;
  offset: number;
}

/**
 * The plans endpoint answers a bare array without a total, so "Next" is offered exactly when a
 * full page came back (there may be more); a short page is the last one.
 */
function hasNextPage(rows: number, page: PlansPage): boolean {
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
  const columns: Column<FlexPlan>[] = [
    {
      header: t`Plan`,
      width: '22%',
      cellProps: (plan) => ({ title: t`Plan id ${plan.id}` }),
      cell: (plan) => (
        <>
          <span className="cell-main">{plan.ticker}</span>
          <span className="cell-sub">{t`Flex, no fixed term`}</span>
        </>
      ),
    },
    { header: t`Min investment`, width: '22%', align: 'end', cellProps: (plan) => ({ className: 'num', title: plan.minInvestment }), cell: (plan) => formatAmount(plan.minInvestment) },
    { header: t`Max investment`, width: '22%', align: 'end', cellProps: (plan) => ({ className: 'num', title: plan.maxInvestment }), cell: (plan) => formatAmount(plan.maxInvestment) },
    // The exchange's fraction (0.15) shown as a percent (15 %); the exchange's figure stays in the tooltip.
    {
      header: t`Max rate`,
      width: '16%',
      align: 'end',
      cellProps: (plan) => ({ className: 'num', title: rateTitle(plan.maxRate), 'data-testid': 'plan-rate' }),
      cell: (plan) => {
        const percent = maxRatePercent(plan.maxRate);
        return percent === null ? plan.maxRate : `${formatAmount(percent)} %`;
      },
    },
    {
      header: <HiddenHeader>{t`Action`}</HiddenHeader>,
      align: 'end',
      cell: (plan) => (
        <button type="button" className="button button--small" aria-label={t`Invest in ${plan.ticker} plan ${plan.id}`} onClick={() => onInvest(plan)}>
          {t`Invest`}
        </button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        className="flex-plans-table"
        aria-label={t`Flex plans`}
        columns={columns}
        rows={plans}
        rowKey={(plan) => plan.id}
        rowTestId="plan-row"
        rowProps={(plan) => ({ className: plan.id === selectedPlanId ? 'plan-row--selected' : undefined })}
        empty={
          page.offset > 0
            ? { title: t`No more plans`, text: t`Go back to the previous page.` }
            : { title: t`No flex plans`, text: t`The exchange lists no active plans for this filter.` }
        }
      />
      <Pager
        label={t`Plan pages`}
        status={
          <>
            {received > 0 ? t`Plans ${first}\u2013${page.offset + received}` : t`No plans on this page`}
            {loading ? ' \u00b7 loading\u2026' : ''}
          </>
        }
        pageSize={page.limit}
        pageSizes={PLAN_PAGE_SIZES}
        pageSizeLabel={t`Plans per page`}
        onPageSize={(size) => onPage({ limit: size, offset: 0 })}
        canGoBack={page.offset > 0 && !loading}
        canGoForward={hasNextPage(received, page) && !loading}
        onBack={() => onPage({ ...page, offset: Math.max(0, page.offset - page.limit) })}
        onForward={() => onPage({ ...page, offset: page.offset + page.limit })}
      />
    </>
  );
}
