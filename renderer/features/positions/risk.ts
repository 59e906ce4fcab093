import { t } from '@lingui/core/macro';
/**
 * How risky a position is, as the exchange reports it in `liquidationState`.
 *
 * The exchange documents two values (`margin_call`, `liquidation`) and null; anything else is
 * shown verbatim rather than hidden, because an unknown state is more likely bad news than good.
 */
import type { Position } from '../../../shared/api/schemas';

export type RiskTone = 'danger' | 'warning' | 'neutral' | 'info';

export interface RiskBadgeSpec {
  label: string;
  tone: RiskTone;
}

export const AT_RISK_STATES = ['liquidation', 'margin_call'] as const;
export type AtRiskState = (typeof AT_RISK_STATES)[number];

export function isAtRisk(state: string | null): state is AtRiskState {
  return state === 'liquidation' || state === 'margin_call';
}

export function riskBadge(state: string | null): RiskBadgeSpec {
  if (state === 'liquidation') return { label: t`Liquidation`, tone: 'danger' };
  if (state === 'margin_call') return { label: t`Margin call`, tone: 'warning' };
  if (state === null) return { label: t`Normal`, tone: 'neutral' };
  return { label: state, tone: 'info' };
}

/**
 * The exchange's position side in the person's language, the same word in open and closed
 * positions. BOTH is the one-way mode: one position per market that goes either way.
 */
export function sideLabel(side: 'LONG' | 'SHORT' | 'BOTH'): string {
  if (side === 'LONG') return t`Long`;
  if (side === 'SHORT') return t`Short`;
  return t`One-way`;
}

/** Lower sorts first: liquidation, then margin call, then everything else. */
export function riskRank(state: string | null): number {
  if (state === 'liquidation') return 0;
  if (state === 'margin_call') return 1;
  return 2;
}

/**
 * Positions most at risk first; within the same rank the exchange's order is kept (a stable sort),
 * so a refresh does not shuffle rows that did not change state.
 */
export function sortByRisk<T extends Pick<Position, 'liquidationState'>>(positions: readonly T[]): T[] {
  return positions
    .map((position, index) => ({ position, index }))
    .sort((a, b) => riskRank(a.position.liquidationState) - riskRank(b.position.liquidationState) || a.index - b.index)
    .map(({ position }) => position);
}

export interface RiskSummary {
  liquidation: number;
  marginCall: number;
}

export function summarizeRisk(positions: readonly Pick<Position, 'liquidationState'>[]): RiskSummary {
  let liquidation = 0;
  let marginCall = 0;
  for (const p of positions) {
    if (p.liquidationState === 'liquidation') liquidation += 1;
    else if (p.liquidationState === 'margin_call') marginCall += 1;
  }
  return { liquidation, marginCall };
}
