/** The balances views read again on a pushed balance change: their own account's, or any with all accounts shown. */
import { describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { BalancesOverview } from '../../shared/model/balances';
import { useChannelQuery } from '../api/queries';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../test/setup';
import { useLiveBalances } from './useLive';

const EMPTY = { rows: [] } as unknown as BalancesOverview;

function Balances({ allAccounts }: { allAccounts: boolean }) {
  useChannelQuery('balances.overview', allAccounts ? { quote: 'USDT' } : { accountId: REAL_ACCOUNT.id, quote: 'USDT' }, { refetchInterval: false, staleTime: Infinity });
  useLiveBalances(REAL_ACCOUNT.id, allAccounts);
  return null;
}

describe('useLiveBalances', () => {
  it("one account's view reads again for its own account's push only", async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.reply('balances.overview', EMPTY);
    renderWithQuery(<Balances allAccounts={false} />);
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toHaveLength(1));
    await act(async () => bridge.emit('live.balances', { accountId: 'another-account' }));
    expect(bridge.callsTo('balances.overview')).toHaveLength(1);
    await act(async () => bridge.emit('live.balances', { accountId: REAL_ACCOUNT.id }));
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toHaveLength(2));
  });

  it("the all-accounts sum reads again when any account's balance moved", async () => {
    const bridge = installBridge([REAL_ACCOUNT]);
    bridge.reply('balances.overview', EMPTY);
    renderWithQuery(<Balances allAccounts />);
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toHaveLength(1));
    act(() => bridge.emit('live.balances', { accountId: 'another-account' }));
    await waitFor(() => expect(bridge.callsTo('balances.overview')).toHaveLength(2));
  });
});
