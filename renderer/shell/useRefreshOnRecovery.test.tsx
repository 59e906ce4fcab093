/**
 * When the exchange answers again after an outage, every figure of the account is read again:
 * the open view's at once, a closed view's when it opens.
 */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { unknownConnection, type ConnectionState } from '../../shared/model/connection';
import { channelQueryKey, useChannelQuery } from '../api/queries';
import { installBridge, renderWithQuery } from '../test/setup';
import { useConnectionState } from './useConnection';
import { holdsAccountFigures, useRefreshOnRecovery } from './useRefreshOnRecovery';

let revision = 0;
const connection = (patch: Partial<ConnectionState>): ConnectionState => ({ ...unknownConnection('demo', 'm'), revision: ++revision, ...patch });

function OpenView() {
  useRefreshOnRecovery('demo');
  const status = useConnectionState('demo')?.status ?? 'unknown';
  useChannelQuery('exchange.balance', { accountId: 'demo' }, { refetchInterval: false, staleTime: Infinity });
  return <p>{status}</p>;
}

describe('holdsAccountFigures', () => {
  it('takes the account’s own and the all-accounts figures, never the shell’s state or another account’s', () => {
    expect(holdsAccountFigures({ queryKey: ['exchange.balance', { accountId: 'demo' }] }, 'demo')).toBe(true);
    expect(holdsAccountFigures({ queryKey: ['balances.holdings', {}] }, 'demo')).toBe(true);
    expect(holdsAccountFigures({ queryKey: ['exchange.balance', { accountId: 'main' }] }, 'demo')).toBe(false);
    expect(holdsAccountFigures({ queryKey: ['connection.get', { accountId: 'demo' }] }, 'demo')).toBe(false);
    expect(holdsAccountFigures({ queryKey: ['accounts.list', {}] }, 'demo')).toBe(false);
  });
});

describe('useRefreshOnRecovery', () => {
  it('reads the open view again when the outage ends, and marks a closed view’s figures stale', async () => {
    const bridge = installBridge();
    bridge.reply('connection.get', connection({ status: 'online' }));
    bridge.reply('exchange.balance', { items: {}, unreadable: [] });
    const { client } = renderWithQuery(<OpenView />);
    await screen.findByText('online');
    await waitFor(() => expect(bridge.callsTo('exchange.balance')).toHaveLength(1));
    // A view not open now: its figures sit in the cache with no one watching them.
    const closedKey = channelQueryKey('exchange.codes', { accountId: 'demo', limit: 10, offset: 0 });
    client.setQueryData(closedKey, { data: [], total: 0, limit: 10, offset: 0, unreadable: [] });

    act(() => bridge.emit('connection.changed', connection({ status: 'busy', since: Date.now(), failedAttempts: 1 })));
    await screen.findByText('busy');
    // No reading during the outage itself: that is the client's retrying, not the page's.
    expect(bridge.callsTo('exchange.balance')).toHaveLength(1);
    expect(client.getQueryState(closedKey)?.isInvalidated).toBe(false);

    act(() => bridge.emit('connection.changed', connection({ status: 'online' })));
    await screen.findByText('online');
    await waitFor(() => expect(bridge.callsTo('exchange.balance')).toHaveLength(2));
    expect(client.getQueryState(closedKey)?.isInvalidated).toBe(true);
    // The shell's own state is not read again for it.
    expect(client.getQueryState(channelQueryKey('connection.get', { accountId: 'demo' }))?.isInvalidated).toBe(false);
  });
});
