/**
 * Which positions newly became dangerous between two refreshes.
 *
 * Pure on purpose: the view keeps the previous answer and calls this with both, so the rule
 * ("enters margin_call or liquidation") is tested without timers, queries or notifications.
 */
import type { Position } from '../../../shared/api/schemas';
import { isAtRisk, type AtRiskState } from './risk';

export interface RiskEntry {
  positionId: number;
  market: string;
  state: AtRiskState;
  /** The state seen at the previous refresh; undefined when the position was not there yet. */
  previousState: string | null | undefined;
}

type Snapshot = readonly Pick<Position, 'positionId' | 'market' | 'liquidationState'>[];

/**
 * Positions whose state is `margin_call` or `liquidation` now and was something else before
 * (including positions that did not exist at the previous refresh). Without a previous snapshot
 * (the first load) nothing is new: the user sees the table and the banner, not a burst of alerts.
 * A position that stays in the same risky state is reported once, on the refresh it entered it.
 */
export function findRiskEntries(previous: Snapshot | undefined, current: Snapshot): RiskEntry[] {
  if (previous === undefined) return [];
  const before = new Map(previous.map((p) => [p.positionId, p.liquidationState] as const));
  const entries: RiskEntry[] = [];
  for (const position of current) {
    const state = position.liquidationState;
    if (!isAtRisk(state)) continue;
    const previousState = before.has(position.positionId) ? before.get(position.positionId) : undefined;
    if (previousState === state) continue;
    entries.push({ positionId: position.positionId, market: position.market, state, previousState });
  }
  return entries;
}

export function describeRiskEntry(entry: RiskEntry): { title: string; body: string } {
  const stateWords = entry.state === 'liquidation' ? 'liquidation' : 'margin call';
  return {
    title: `${entry.market}: position in ${stateWords}`,
    body: `Position #${entry.positionId} on ${entry.market} entered ${stateWords}. Open WhiteBIT Desk to review it.`,
  };
}
