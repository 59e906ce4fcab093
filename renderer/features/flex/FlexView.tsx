import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { FLEX_LIMIT } from '../../../shared/api/endpoints';
import { Ticker, type FlexPlan } from '../../../shared/api/schemas';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelQuery } from '../../api/queries';
import { Card, QueryState, View } from '../../components';
import { ValidatedFilterForm } from '../../components/ValidatedFilterForm';
import { isB2bRefusal } from './access';
import { B2bPanel } from './B2bPanel';
import { InvestmentsTable } from './InvestmentsTable';
import { InvestPanel } from './InvestPanel';
import { PLAN_PAGE_SIZES, PlansTable, type PlansPage } from './PlansTable';
import './flex.css';

const INVESTMENTS_LIMIT = FLEX_LIMIT.max;

export function FlexView({ account }: { account: AccountSummary }) {
  const [ticker, setTicker] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<PlansPage>({ limit: PLAN_PAGE_SIZES[0], offset: 0 });
  const [selected, setSelected] = useState<FlexPlan | null>(null);

  const plansPayload = { accountId: account.id, limit: page.limit, offset: page.offset, ...(ticker ? { ticker } : {}) };
  const plans = useChannelQuery('exchange.flexPlans', plansPayload, { placeholderData: keepPreviousData });
  const refused = plans.error && isB2bRefusal(plans.error.error) ? plans.error.error : null;
  // Investments live behind the same B2B gate: ask only once the plans answer says the gate is open.
  const investments = useChannelQuery('exchange.flexInvestments', { accountId: account.id, limit: INVESTMENTS_LIMIT, offset: 0 }, { enabled: !plans.isPending && !refused });

  return (
    <View
      name="flex"
      title={t`Flex plans`}
      className="flex-view"
      subtitle={t`Earn on idle balances with the exchange’s flex plans. Investing moves funds out of the main balance.`}
      actions={
        refused ? null : (
          <ValidatedFilterForm
            formLabel={t`Filter plans by ticker`}
            label={t`Ticker`}
            placeholder={t`All tickers, e.g. USDT`}
            maxLength={32}
            schema={Ticker}
            invalid={t`The ticker must be letters, digits, dot, dash or underscore.`}
            applied={ticker}
            onApply={(next) => {
              setTicker(next);
              setPage((p) => ({ ...p, offset: 0 }));
            }}
          />
        )
      }
    >

      {refused ? (
        <B2bPanel exchangeSaid={refused.exchangeSaid} />
      ) : (
        <>
          <QueryState
            query={plans}
            loading={{ rows: 5, label: t`Loading plans` }}
            noun={(count) => plural(count, { one: '# plan', other: '# plans' })}
            // Placeholder rows sit in a card like the table they stand for; an error panel stands alone.
            frame={(node) => (plans.isPending ? <div className="card"><div className="card__section">{node}</div></div> : node)}
          >
            {(answer) => (
              <div className="card">
                <PlansTable
                  plans={answer.items}
                  unreadableCount={answer.unreadable.length}
                  page={page}
                  loading={plans.isFetching}
                  selectedPlanId={selected?.id ?? null}
                  onPage={setPage}
                  onInvest={setSelected}
                />
              </div>
            )}
          </QueryState>

          {selected ? <InvestPanel key={selected.id} account={account} plan={selected} onClose={() => setSelected(null)} /> : null}

          <Card title={t`Current investments`} titleId="flex-investments-title">
            <QueryState
              query={investments}
              loading={{ rows: 3, label: t`Loading investments` }}
              noun={(count) => plural(count, { one: '# investment', other: '# investments' })}
              frame={(node) => <div className="card__section">{node}</div>}
            >
              {(answer) => <InvestmentsTable investments={answer.data} limit={INVESTMENTS_LIMIT} />}
            </QueryState>
          </Card>
        </>
      )}
    </View>
  );
}
