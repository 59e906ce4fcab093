/**
 * The position cards under the risk table, kept in step with it. While an account is live the table
 * follows the overview main computes from each push, and the full positions list (every field the
 * exchange reports) is read on the slow reconcile clock; without this the cards and the risk banner
 * would show a margin call or a new liquidation price up to a minute after the table.
 */
import type { Position } from '../../../shared/api/schemas';
import type { PositionsOverview } from '../../../shared/model/balances';

/**
 * `positions` with the figures the overview carries (amount, prices, state, open P&L, margin).
 * When the overview is newer than the list, a position it no longer holds has closed and leaves.
 */
export function withOverviewFigures(positions: readonly Position[], overview: PositionsOverview | undefined, overviewIsNewer: boolean): Position[] {
  if (overview === undefined) return [...positions];
  const byId = new Map(overview.positions.map((p) => [p.positionId, p]));
  const shown = overviewIsNewer ? positions.filter((p) => byId.has(p.positionId)) : positions;
  return shown.map((position) => {
    const risk = byId.get(position.positionId);
    if (risk === undefined) return position;
    return {
      ...position,
      amount: risk.amount,
      basePrice: risk.basePrice,
      liquidationPrice: risk.liquidationPrice,
      liquidationState: risk.liquidationState,
      margin: risk.margin,
      unrealizedPnl: risk.unrealizedPnl ?? position.unrealizedPnl,
    };
  });
}
