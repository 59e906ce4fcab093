import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelQuery } from '../../api/queries';
import { useRiskNotifications, type Notifier, type RiskTracker } from './useRiskNotifications';

/**
 * Keeps watching the active account's positions while another view is open, so a margin call or
 * liquidation notification does not depend on the Positions view being on screen. It shares the
 * Positions view's query (same channel and payload, so no extra requests) and its risk tracker
 * scope, and polls only when the account opted in, at the user's auto-refresh interval.
 */
export function PositionsWatcher({ account, riskTracker, notify }: { account: AccountSummary; riskTracker?: RiskTracker; notify?: Notifier }) {
  const positions = useChannelQuery('exchange.positions', { accountId: account.id }, { enabled: account.notifyPositions });
  useRiskNotifications(`${account.id}|*`, positions.data?.items, account.notifyPositions, { tracker: riskTracker, notify });
  return null;
}
