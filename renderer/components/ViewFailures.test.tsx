/**
 * A view whose queries fail shows one banner, worded from the latest failure, with one Retry that
 * asks every failed query again; the figures already read stay on screen.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppFailure } from '../../shared/errors';
import { useChannelQuery } from '../api/queries';
import { installBridge, renderWithQuery } from '../test/setup';
import { QueryState } from './QueryState';
import { View } from './View';

function TwoParts() {
  const balance = useChannelQuery('exchange.balance', { accountId: 'demo' }, { retry: false });
  const codes = useChannelQuery('exchange.codes', { accountId: 'demo', limit: 10, offset: 0 }, { retry: false });
  return (
    <View name="two" title="Two parts" subtitle="">
      <QueryState query={balance} loading={{ label: 'Loading balance' }}>
        {() => <p>balance figures</p>}
      </QueryState>
      <QueryState query={codes} loading={{ label: 'Loading codes' }}>
        {() => <p>code figures</p>}
      </QueryState>
    </View>
  );
}

describe('ViewFailures', () => {
  it('one banner for every failed query of the view, one Retry for all; the figures stay', async () => {
    const bridge = installBridge();
    bridge.reply('exchange.balance', { items: {}, unreadable: [] });
    bridge.reply('exchange.codes', { data: [], total: 0, limit: 10, offset: 0, unreadable: [] });
    const { client } = renderWithQuery(<TwoParts />);
    await screen.findByText('balance figures');
    await screen.findByText('code figures');

    const unreachable = new AppFailure({ kind: 'network', message: 'refused' });
    bridge.handle('exchange.balance', () => {
      throw unreachable;
    });
    bridge.handle('exchange.codes', () => {
      throw new AppFailure({ kind: 'server', status: 503, message: 'busy' });
    });
    await client.refetchQueries({ queryKey: ['exchange.balance'] });
    await screen.findByTestId('view-failures');
    await client.refetchQueries({ queryKey: ['exchange.codes'] });

    const banner = await screen.findByTestId('view-failures');
    await waitFor(() => expect(screen.getAllByTestId('view-failures')).toHaveLength(1));
    // The latest failure words it (the codes' 503); no second panel beside it.
    await waitFor(() => expect(banner.textContent).toMatch(/^As of \d{1,2}:\d\d\s[AP]M: the exchange is not answering\.Retry$/));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(screen.getByText('balance figures')).toBeTruthy();
    expect(screen.getByText('code figures')).toBeTruthy();

    // The exchange back: one Retry asks both again, and the banner goes.
    bridge.reply('exchange.balance', { items: {}, unreadable: [] });
    bridge.reply('exchange.codes', { data: [], total: 0, limit: 10, offset: 0, unreadable: [] });
    const before = { balance: bridge.callsTo('exchange.balance').length, codes: bridge.callsTo('exchange.codes').length };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('view-failures')).toBeNull());
    expect(bridge.callsTo('exchange.balance').length).toBeGreaterThan(before.balance);
    expect(bridge.callsTo('exchange.codes').length).toBeGreaterThan(before.codes);
  });

  it('with nothing read yet, one full explanation in the banner and a plain note in place of the figures', async () => {
    const bridge = installBridge();
    bridge.handle('exchange.balance', () => {
      throw new AppFailure({ kind: 'network', message: 'refused' });
    });
    bridge.handle('exchange.codes', () => {
      throw new AppFailure({ kind: 'network', message: 'refused' });
    });
    renderWithQuery(<TwoParts />);
    await waitFor(() => expect(screen.getAllByTestId('not-loaded')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });
});
