/** The risk table's order: the main process's risk order, or a column the person chose. */
import type { PositionRisk } from '../../../shared/model/balances';
import { dec, type Decimal } from '../../../shared/money/decimal';
import type { PositionsUi } from '../../state/ui';
import { isPastLiquidation } from '../../../shared/model/liquidationDistance';

const decOrNull = (v: string | null): Decimal | null => (v === null ? null : dec(v));

const PICK: Record<Exclude<PositionsUi['sortBy'], 'risk' | 'market'>, (p: PositionRisk) => Decimal | null> = {
  amount: (p) => decOrNull(p.amount)?.abs() ?? null,
  distance: (p) => decOrNull(p.distancePercent),
  pnl: (p) => decOrNull(p.unrealizedPnl),
  leverage: (p) => decOrNull(p.leverage),
};

/** Unknown figures (a pending order, no price) sort last in either direction. */
export function sortPositions(positions: readonly PositionRisk[], ui: PositionsUi): PositionRisk[] {
  const sign = ui.sortDirection === 'asc' ? 1 : -1;
  const indexed = positions.map((p, i) => ({ p, i }));
  if (ui.sortBy === 'risk') return positions.slice();
  if (ui.sortBy === 'market') return indexed.sort((a, b) => sign * (a.p.market < b.p.market ? -1 : a.p.market > b.p.market ? 1 : a.i - b.i)).map((x) => x.p);
  const pick = PICK[ui.sortBy];
  return indexed
    .sort((a, b) => {
      const x = pick(a.p);
      const y = pick(b.p);
      if (x === null || y === null) return x === y ? a.i - b.i : x === null ? 1 : -1;
      return sign * x.comparedTo(y) || a.i - b.i;
    })
    .map((x) => x.p);
}

/** The distance bar's tone: red inside 5 %, past liquidation or in liquidation, amber inside 15 % or in margin call. */
export function distanceTone(p: PositionRisk): 'danger' | 'warning' | 'positive' | 'neutral' {
  if (p.liquidationState === 'liquidation' || isPastLiquidation(p.distancePercent)) return 'danger';
  if (p.distancePercent === null) return p.liquidationState === 'margin_call' ? 'warning' : 'neutral';
  const d = dec(p.distancePercent);
  if (d.lessThan(5)) return 'danger';
  if (p.liquidationState === 'margin_call' || d.lessThan(15)) return 'warning';
  return 'positive';
}
