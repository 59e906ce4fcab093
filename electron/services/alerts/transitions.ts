/**
 * What one refresh of an account's positions should raise, given what the watcher knew before.
 *
 * Pure on purpose: (previous state, new overview, threshold) -> (next state, alerts), tested
 * without timers, HTTP or notifications. The rules:
 *  - A state alert when a position is in `margin_call` or `liquidation` and was in another state
 *    at the previous refresh, or did not exist then. Staying in it raises nothing.
 *  - A threshold alert when the distance to liquidation is known and below the threshold while the
 *    position is armed; it then disarms until the distance is back at threshold + ALERT_REARM_MARGIN
 *    or more (hysteresis: jitter around the line does not alert again).
 *  - An unknown distance (no current price) is not a crossing and does not re-arm: it changes nothing.
 *  - The first refresh of an account (and the first after its threshold changed) only learns:
 *    what is already risky is shown by the banner and the tray, not announced as news.
 *  - Positions that could not be read this time (`unreadable`) keep their earlier state, so they do
 *    not come back as "new" and alert again.
 */
import { ALERT_REARM_MARGIN, type AlertKind } from '../../../shared/model/alerts';
import type { PositionRisk, PositionsOverview, RiskState } from '../../../shared/model/balances';
import { add, compare } from '../../../shared/money/decimal';

export interface PositionWatch {
  state: RiskState;
  /**
   * true: a fall below the threshold alerts; false: it has alerted (or was below when first seen)
   * and waits to re-arm; null: no distance known yet, so the next known one is learned silently.
   */
  armed: boolean | null;
}

export interface AccountWatch {
  /** The threshold these `armed` flags were computed for. */
  threshold: string | null;
  positions: Map<number, PositionWatch>;
}

export interface AlertDraft {
  kind: AlertKind;
  position: PositionRisk;
}

const isRisky = (state: RiskState): state is 'liquidation' | 'margin_call' => state === 'liquidation' || state === 'margin_call';

function below(distance: string, threshold: string): boolean {
  return compare(distance, threshold) < 0;
}

/** Armed for a position seen for the first time in a baseline: whatever its distance says now. */
function learnedArmed(distance: string | null, threshold: string | null): boolean | null {
  if (threshold === null || distance === null) return null;
  return !below(distance, threshold);
}

export function evaluatePositions(previous: AccountWatch | undefined, overview: PositionsOverview, threshold: string | null): { next: AccountWatch; alerts: AlertDraft[] } {
  const baseline = previous === undefined;
  const thresholdChanged = previous !== undefined && previous.threshold !== threshold;
  const positions = new Map<number, PositionWatch>();
  const alerts: AlertDraft[] = [];

  for (const position of overview.positions) {
    const before = previous?.positions.get(position.positionId);
    const distance = position.distancePercent;

    if (!baseline && isRisky(position.liquidationState) && before?.state !== position.liquidationState) {
      alerts.push({ kind: position.liquidationState, position });
    }

    let armed: boolean | null;
    if (baseline || thresholdChanged) armed = learnedArmed(distance, threshold);
    else if (before === undefined) armed = threshold === null ? null : true; // opened since the last refresh
    else armed = before.armed;

    if (threshold !== null && distance !== null && !baseline && !thresholdChanged) {
      if (armed === null) armed = !below(distance, threshold);
      else if (armed && below(distance, threshold)) {
        alerts.push({ kind: 'threshold', position });
        armed = false;
      } else if (!armed && compare(distance, add(threshold, ALERT_REARM_MARGIN)) >= 0) armed = true;
    }
    positions.set(position.positionId, { state: position.liquidationState, armed });
  }

  if (overview.unreadable > 0 && previous) {
    for (const [id, watch] of previous.positions) if (!positions.has(id)) positions.set(id, watch);
  }
  return { next: { threshold, positions }, alerts };
}
