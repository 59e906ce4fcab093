import { t } from '@lingui/core/macro';
import type { CollateralSummary, PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import { Badge, DataTable, ResortPrompt, SortButton, useStableOrder, type Column } from '../../components';
import { formatAmount } from '../../format/format';
import { useUi, type PositionsUi } from '../../state/ui';
import { formatSigned, moneyCurrency, signTone } from './numbers';
import { riskBadge, sideLabel } from './risk';
import { distanceTone, sortPositions } from './riskRows';
import { distanceFigure, distanceText } from './distance';
import { isPastLiquidation } from '../../../shared/model/liquidationDistance';

const SUMMARY_FIELDS = (): ReadonlyArray<{ key: keyof CollateralSummary; label: string; signed?: boolean; suffix?: string }> => [
  { key: 'equity', label: t`Equity` },
  { key: 'margin', label: t`Margin` },
  { key: 'freeMargin', label: t`Free margin` },
  { key: 'pnl', label: t`Unrealized P&L`, signed: true },
  { key: 'leverage', label: t`Leverage`, suffix: '\u00d7' },
  { key: 'marginFraction', label: t`Margin fraction` },
];

/** The collateral account as the exchange sums it: equity, margin, free margin, P&L, leverage. */
export function CollateralSummaryPanel({ summary }: { summary: CollateralSummary }) {
  return (
    <dl className="card card__section collateral-summary" aria-label={t`Collateral summary`}>
      {SUMMARY_FIELDS().map((field) => {
        const value = summary[field.key];
        return (
          <div key={field.key}>
            <dt>{field.label}</dt>
            <dd className={`num${field.signed ? ` signed signed--${signTone(value)}` : ''}`} title={value} data-testid={`summary-${field.key}`}>
              {field.signed ? formatSigned(value) : formatAmount(value)}
              {field.suffix ?? ''}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** How close the current price is to the liquidation price: a bar that shrinks and turns amber, then red; full and red once past it. */
function DistanceCell({ position }: { position: PositionRisk }) {
  const tone = distanceTone(position);
  if (position.distancePercent === null) {
    return <span className="position-muted">{position.liquidationPrice === null ? t`no liquidation price` : t`no current price`}</span>;
  }
  const past = isPastLiquidation(position.distancePercent);
  // 50 % or more fills the bar: beyond that the exact figure matters less than the colour.
  const width = past ? 100 : Math.min(100, (Number(position.distancePercent) / 50) * 100);
  return (
    <span className="distance" data-tone={tone} data-past={past ? 'true' : undefined} title={distanceText(position.distancePercent)}>
      <span className="distance__track" aria-hidden="true">
        <span className="distance__fill" style={{ width: `${width}%` }} />
      </span>
      <span className="num">{distanceFigure(position.distancePercent)}</span>
      {past ? <span className="distance__past">{t`past liquidation`}</span> : null}
    </span>
  );
}

const positionKey = (p: PositionRisk) => String(p.positionId);

const Unknown = () => <span className="position-muted">{'\u2014'}</span>;
const amountOr = (value: string | null) => (value === null ? <Unknown /> : formatAmount(value));

/**
 * One row per position, riskiest first (liquidation, margin call, then the smallest distance to
 * liquidation from the CURRENT price); every column a person compares can be sorted.
 */
export function RiskTable({ overview }: { overview: PositionsOverview }) {
  const ui = useUi((s) => s.positions);
  const setUi = useUi((s) => s.setPositions);
  // Prices tick under a live feed: rows keep their places until the person sorts or asks to re-sort.
  // A position entering margin call or liquidation does not move either: the risk banner names it.
  const { rows, moved, resort } = useStableOrder(sortPositions(overview.positions, ui), positionKey, `${ui.sortBy}:${ui.sortDirection}`);
  const sortOf = (by: PositionsUi['sortBy']) => (ui.sortBy === by ? (ui.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none');
  const sortHeader = (by: PositionsUi['sortBy'], label: string) => (
    <SortButton
      label={label}
      direction={ui.sortBy === by ? ui.sortDirection : null}
      moved={moved}
      ariaLabel={t`Sort by ${label}`}
      onClick={() =>
        setUi(ui.sortBy === by ? { sortDirection: ui.sortDirection === 'asc' ? 'desc' : 'asc' } : { sortBy: by, sortDirection: by === 'pnl' || by === 'leverage' || by === 'amount' ? 'desc' : 'asc' })
      }
    />
  );
  const columns: Column<PositionRisk>[] = [
    { sort: sortOf('market'), header: sortHeader('market', t`Market`), width: '11%', sticky: true, cell: (p) => <span className="cell-main">{p.market}</span> },
    {
      sort: sortOf('risk'), header: sortHeader('risk', t`State`),
      width: '14%',
      cell: (p) => {
        const badge = riskBadge(p.liquidationState);
        return <Badge tone={badge.tone}>{badge.label}</Badge>;
      },
    },
    { sort: sortOf('distance'), header: sortHeader('distance', t`Distance`), width: '14%', cellProps: () => ({ 'data-testid': 'risk-distance' }), cell: (p) => <DistanceCell position={p} /> },
    { header: t`Side`, width: '6%', cellProps: (p) => ({ title: p.side ?? undefined }), cell: (p) => (p.side === null ? <Unknown /> : sideLabel(p.side)) },
    { sort: sortOf('amount'), header: sortHeader('amount', t`Amount`), width: '9%', align: 'end', cellProps: (p) => ({ className: 'num', title: p.amount ?? undefined }), cell: (p) => amountOr(p.amount) },
    { header: t`Entry`, width: '9%', align: 'end', cellProps: () => ({ className: 'num' }), cell: (p) => amountOr(p.basePrice) },
    {
      // Which price a position is measured against differs by market; the header says how.
      header: <span title={t`Index price for perpetual futures (markets ending in _PERP), last trade price for other markets`}>{t`Current`}</span>,
      width: '10%',
      align: 'end',
      cellProps: (p) => ({ className: 'num', title: p.priceSource === 'index' ? t`Index price` : p.priceSource === 'last' ? t`Last price` : undefined, 'data-testid': 'risk-current' }),
      cell: (p) => amountOr(p.currentPrice),
    },
    { header: t`Liquidation`, width: '9%', align: 'end', cellProps: () => ({ className: 'num' }), cell: (p) => amountOr(p.liquidationPrice) },
    {
      sort: sortOf('pnl'), header: <span title={t`Open (unrealized) P&L, at the last trade price`}>{sortHeader('pnl', t`P&L`)}</span>,
      width: '12%',
      align: 'end',
      cellProps: (p) => ({ className: `num signed signed--${p.unrealizedPnl === null ? 'neutral' : signTone(p.unrealizedPnl)}`, title: p.unrealizedPnl ?? undefined }),
      cell: (p) =>
        p.unrealizedPnl === null ? (
          <Unknown />
        ) : (
          <>
            {formatSigned(p.unrealizedPnl)}
            {moneyCurrency(p.market) ? <span className="ticker"> {moneyCurrency(p.market)}</span> : null}
          </>
        ),
    },
    { sort: sortOf('leverage'), header: sortHeader('leverage', t`Lev.`), width: '6%', align: 'end', cellProps: () => ({ className: 'num' }), cell: (p) => (p.leverage === null ? <Unknown /> : `${formatAmount(p.leverage)}\u00d7`) },
  ];
  return (
    <div className="card">
      <ResortPrompt moved={moved} onResort={resort} />
      <DataTable
        className="table--risk"
        aria-label={t`Positions by risk`}
        columns={columns}
        rows={rows}
        rowKey={positionKey}
        rowTestId="risk-row"
        rowProps={(p) => ({ 'data-state': p.liquidationState ?? 'normal' })}
        empty={{ title: t`No open positions` }}
      />
    </div>
  );
}
