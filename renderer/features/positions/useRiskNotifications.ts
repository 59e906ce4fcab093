import { useEffect } from 'react';
import type { Position } from '../../../shared/api/schemas';
import { useUi } from '../../state/ui';
import { showDesktopNotice, type DesktopNotice } from './desktopNotifications';
import { describeRiskEntry, findRiskEntries } from './transitions';

type Snapshot = readonly Pick<Position, 'positionId' | 'market' | 'liquidationState'>[];

/**
 * The last positions seen per scope (account + market filter), kept outside the component so that
 * leaving the view and coming back compares against what the person last saw, instead of treating
 * the return as a first load and missing what changed meanwhile.
 */
export class RiskTracker {
  private readonly seen = new Map<string, Snapshot>();

  /** Remembers `current` for `scope` and returns what newly entered a risky state since last time. */
  observe(scope: string, current: Snapshot) {
    const previous = this.seen.get(scope);
    this.seen.set(scope, current.map(({ positionId, market, liquidationState }) => ({ positionId, market, liquidationState })));
    return findRiskEntries(previous, current);
  }
}

const sharedTracker = new RiskTracker();

export type Notifier = (notice: DesktopNotice) => void;

const notifyOnDesktop: Notifier = (notice) => {
  showDesktopNotice(notice, () => useUi.getState().setView('positions'));
};

/**
 * Watches refreshed positions and raises one desktop notification per position that entered
 * `margin_call` or `liquidation`, when the account opted in. Changes are tracked even while the
 * opt-in is off, so switching it on later does not fire for states that were already known.
 */
export function useRiskNotifications(
  scope: string,
  positions: Snapshot | undefined,
  enabled: boolean,
  { tracker = sharedTracker, notify = notifyOnDesktop }: { tracker?: RiskTracker; notify?: Notifier } = {},
): void {
  useEffect(() => {
    if (!positions) return;
    const entries = tracker.observe(scope, positions);
    if (!enabled) return;
    for (const entry of entries) {
      const { title, body } = describeRiskEntry(entry);
      notify({ title, body, tag: `position-${entry.positionId}-${entry.state}` });
    }
    // `enabled` is read, not watched: toggling it must not re-run the comparison.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope, positions, tracker, notify]);
}
