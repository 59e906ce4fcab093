/**
 * The top bar's age names its source: the last push while the stream feeds the account, the REST
 * answers otherwise, never a REST age beside "Live".
 */
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { unknownConnection, type ConnectionState } from '../../shared/model/connection';
import { liveOff, type LiveState } from '../../shared/model/live';
import { useChannelQuery } from '../api/queries';
import { DEFAULT_SETTINGS, installBridge, renderWithQuery } from '../test/setup';
import { FigureAge, pushCarries } from './FigureAge';

let revision = 0;
const live = (patch: Partial<LiveState>): LiveState => ({ ...liveOff('demo'), revision: ++revision, ...patch });
const connection = (patch: Partial<ConnectionState>): ConnectionState => ({ ...unknownConnection('demo', 'm'), revision: ++revision, ...patch });

/** A view's figures: the REST answer whose age the bar shows when no push carries them. */
function ViewFigures() {
  useChannelQuery('exchange.balance', { accountId: 'demo' });
  return null;
}

function setup(first: LiveState, state: ConnectionState) {
  const bridge = installBridge(undefined, { ...DEFAULT_SETTINGS, refreshIntervalMs: 0 });
  bridge.reply('live.get', first);
  bridge.reply('connection.get', state);
  bridge.reply('exchange.balance', { items: {}, unreadable: [] });
  renderWithQuery(
    <>
      <ViewFigures />
      <FigureAge accountId="demo" />
    </>,
  );
  return bridge;
}

describe('pushCarries', () => {
  it('is the last push only while the stream is live and has pushed', () => {
    expect(pushCarries(live({ status: 'live', lastPushAt: 5 }))).toBe(5);
    expect(pushCarries(live({ status: 'live', lastPushAt: null }))).toBeNull();
    expect(pushCarries(live({ status: 'fallback', lastPushAt: 5 }))).toBeNull();
    expect(pushCarries(undefined)).toBeNull();
  });
});

describe('FigureAge', () => {
  it('says how old the last push is while live, the REST age when the stream is lost, and never both', async () => {
    const pushedAt = Date.now() - 25_000;
    const bridge = setup(live({ status: 'live', lastPushAt: pushedAt }), connection({ status: 'online' }));
    expect((await screen.findByText(/^last push /)).textContent).toBe('last push 20 sec. ago');
    expect(screen.queryByText(/^Updated /)).toBeNull();

    act(() => bridge.emit('live.changed', live({ status: 'fallback', lastPushAt: pushedAt, retryAt: Date.now() + 5_000 })));
    expect((await screen.findByText(/^Updated /)).textContent).toBe('Updated 0 sec. ago');
    expect(screen.queryByText(/^last push /)).toBeNull();
  });

  it('shows the REST age while live before the first push, as before', async () => {
    setup(live({ status: 'live', lastPushAt: null }), connection({ status: 'online' }));
    expect((await screen.findByText(/^Updated /)).textContent).toBe('Updated 0 sec. ago');
  });

  it('in a REST outage: the push age while pushes carry the figures, else the REST age that could not refresh', async () => {
    const bridge = setup(live({ status: 'live', lastPushAt: Date.now() }), connection({ status: 'busy', since: Date.now(), failedAttempts: 2 }));
    expect((await screen.findByText(/^last push /)).textContent).toBe('last push 0 sec. ago');
    act(() => bridge.emit('live.changed', live({ status: 'fallback', lastPushAt: Date.now(), retryAt: null })));
    expect((await screen.findByText(/could not refresh$/)).textContent).toBe('Updated 0 sec. ago · could not refresh');
  });
});
