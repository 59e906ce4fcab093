import { plural, t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelQuery } from '../../api/queries';
import { useLiveOverview, useLivePolling } from '../../shell/useLive';
import { MarketName } from '../../../shared/api/schemas';
import { QueryState, View } from '../../components';
import { ValidatedFilterForm } from '../../components/ValidatedFilterForm';
import { AlertsState } from './AlertsState';
import { ClosedPositions } from './ClosedPositions';
import { PositionCard } from './PositionCard';
import { withOverviewFigures } from './liveCards';
import { RiskBanner } from './RiskBanner';
import { sortByRisk, summarizeRisk } from './risk';
import { AlertLog } from '../alerts/AlertLog';
import { CollateralSummaryPanel, RiskTable } from './RiskTable';
import type { PositionsOverview } from '../../../shared/model/balances';
import './positions.css';
import { noteWords } from '../balances/noteWords';

export interface PositionsViewProps {
  account: AccountSummary;
}

export function PositionsView({ account }: PositionsViewProps) {
  const [market, setMarket] = useState<string | undefined>(undefined);
  const payload = market === undefined ? { accountId: account.id } : { accountId: account.id, market };
  // While the account is live, pushes carry the risk figures and REST is read on the slow clock.
  const polling = useLivePolling(account.id);
  const positions = useChannelQuery('exchange.positions', payload, { placeholderData: keepPreviousData, ...polling });

  // Risk as the main process computes it: current price, distance to liquidation, the summary.
  const risk = useChannelQuery('positions.overview', { accountId: account.id }, polling);
  useLiveOverview(account.id);
  const overviewIsNewer = risk.dataUpdatedAt > positions.dataUpdatedAt;
  const sorted = useMemo(() => (positions.data ? sortByRisk(withOverviewFigures(positions.data.items, risk.data, overviewIsNewer)) : []), [positions.data, risk.data, overviewIsNewer]);
  const summary = useMemo(() => summarizeRisk(sorted), [sorted]);
  // The table's distances, for the cards below it to say the same.
  const distances = useMemo(() => new Map(risk.data?.positions.map((p) => [p.positionId, p.distancePercent])), [risk.data]);

  return (
    <View
      name="positions"
      title={t`Positions`}
      className="positions-view"
      subtitle={t`Open collateral positions of ${account.name}. Positions in liquidation or margin call are listed first.`}
      actions={
        <ValidatedFilterForm
          className="market-filter"
          formLabel={t`Filter positions by market`}
          label={t`Market`}
          placeholder={t`All markets, e.g. BTC_USDT`}
          maxLength={40}
          schema={MarketName}
          invalid={t`The market must look like BASE_QUOTE, e.g. BTC_USDT or BTC_PERP.`}
          applied={market}
          onApply={setMarket}
        />
      }
    >
      <AlertsState account={account} />

      <QueryState
        query={positions}
        loading={{ rows: 6, label: t`Loading positions` }}
        noun={(count) => plural(count, { one: '# position', other: '# positions' })}
        banner={<RiskBanner summary={summary} />}
        empty={{
          when: () => sorted.length === 0,
          title: t`No open positions`,
          text: market ? t`Nothing open on ${market}.` : t`Collateral positions this account opens on the exchange appear here.`,
        }}
      >
        {() => (
          <>
            {risk.data ? <RiskOverview overview={risk.data} /> : null}
            <details className="positions-details" open>
              <summary>{t`Every detail, position by position`}</summary>
              <div className="positions-list" aria-busy={positions.isFetching}>
                {sorted.map((position, i) => (
                  // The index guards against a (malformed) answer repeating a positionId.
                  <PositionCard key={`${position.positionId}:${i}`} position={position} distancePercent={risk.data ? (distances.get(position.positionId) ?? null) : undefined} />
                ))}
              </div>
            </details>
          </>
        )}
      </QueryState>

      <ClosedPositions account={account} />

      <AlertLog />
    </View>
  );
}

/** The collateral summary, what could not be priced, and the sortable risk table. */
function RiskOverview({ overview }: { overview: PositionsOverview }) {
  return (
    <section aria-label={t`Risk at a glance`}>
      {overview.summary ? <CollateralSummaryPanel summary={overview.summary} /> : null}
      {overview.notes.length > 0 ? (
        <ul className="positions-notes" role="status" aria-label={t`What is missing`}>
          {overview.notes.map((note, i) => (
            <li key={i}>{noteWords(note)}</li>
          ))}
        </ul>
      ) : null}
      {overview.positions.length > 0 ? <RiskTable overview={overview} /> : null}
    </section>
  );
}
