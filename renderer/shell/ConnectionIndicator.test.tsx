import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { unknownConnection, type ConnectionState } from '../../shared/model/connection';
import { formatClock } from '../format';
import { installBridge, renderWithQuery } from '../test/setup';
import { ConnectionIndicator } from './ConnectionIndicator';

const at = new Date(2024, 4, 6, 14, 2, 7).getTime();
const state = (patch: Partial<ConnectionState>): ConnectionState => ({ ...unknownConnection('demo'), lastCallAt: Date.now(), ...patch });
const indicator = (text: string) => screen.findByRole('status', { name: `Connection: ${text}` });

function setup(first: ConnectionState, ping = { silenceMs: 60_000, outageMs: 60_000 }) {
  const bridge = installBridge();
  bridge.reply('connection.get', first);
  bridge.reply('exchange.ping', { latencyMs: 5 });
  renderWithQuery(<ConnectionIndicator accountId="demo" ping={ping} />);
  return bridge;
}

describe('ConnectionIndicator', () => {
  it('paints what main knows, then follows its connection.changed events', async () => {
    const bridge = setup(state({ status: 'online', since: at, lastSuccessAt: at }));
    expect(await indicator('Online')).toBeTruthy();

    act(() => bridge.emit('connection.changed', state({ status: 'offline', since: at, problem: 'The exchange refused the connection.' })));
    const offline = await indicator(`Offline since ${formatClock(at)}`);
    expect(formatClock(at)).toBe('14:02');
    expect(offline.getAttribute('title')).toBe('The exchange refused the connection.');

    act(() => bridge.emit('connection.changed', state({ status: 'busy', since: at, retry: { attempt: 2, of: 3 } })));
    expect(await indicator('Exchange busy, retrying (2 of 3)')).toBeTruthy();
    act(() => bridge.emit('connection.changed', state({ status: 'busy', since: at, retry: null })));
    expect(await indicator('Exchange busy since 14:02')).toBeTruthy();

    act(() => bridge.emit('connection.changed', state({ status: 'key_problem', since: at })));
    expect(await indicator('API key problem')).toBeTruthy();

    // Another account's state is not this one's.
    act(() => bridge.emit('connection.changed', { ...state({ status: 'online' }), accountId: 'main' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await indicator('API key problem')).toBeTruthy();
  });

  it('pings only after a silence, often while offline, never while the client is retrying', async () => {
    const bridge = setup(state({ status: 'online', lastCallAt: Date.now() }), { silenceMs: 400, outageMs: 100 });
    await indicator('Online');
    // A call just happened: no ping yet.
    await new Promise((r) => setTimeout(r, 150));
    expect(bridge.callsTo('exchange.ping')).toHaveLength(0);
    await waitFor(() => expect(bridge.callsTo('exchange.ping')).toHaveLength(1), { timeout: 2_000 });

    act(() => bridge.emit('connection.changed', state({ status: 'busy', since: at, retry: { attempt: 1, of: 3 }, lastCallAt: Date.now() - 10_000 })));
    bridge.reply('connection.get', state({ status: 'busy', since: at, retry: { attempt: 1, of: 3 }, lastCallAt: Date.now() - 10_000 }));
    const beforeRetrying = bridge.callsTo('exchange.ping').length;
    await new Promise((r) => setTimeout(r, 600));
    expect(bridge.callsTo('exchange.ping')).toHaveLength(beforeRetrying);

    const offline = state({ status: 'offline', since: at, lastCallAt: Date.now() });
    bridge.reply('connection.get', offline);
    act(() => bridge.emit('connection.changed', offline));
    const before = bridge.callsTo('exchange.ping').length;
    await waitFor(() => expect(bridge.callsTo('exchange.ping').length).toBeGreaterThanOrEqual(before + 3), { timeout: 2_000 });
  });

  it('reads the state again after a ping only when no event has told the ping\'s outcome', async () => {
    const bridge = setup(state({ status: 'online', lastCallAt: Date.now() - 10_000 }), { silenceMs: 300, outageMs: 300 });
    await waitFor(() => expect(bridge.callsTo('exchange.ping')).toHaveLength(1), { timeout: 2_000 });
    // No event came: the outcome is read back (one read at the start, one after the ping).
    await waitFor(() => expect(bridge.callsTo('connection.get')).toHaveLength(2), { timeout: 2_000 });

    // The outcome arrives as an event before the next ping answers: nothing more is read.
    const reads = bridge.callsTo('connection.get').length;
    const pings = bridge.callsTo('exchange.ping').length;
    const heard = state({ status: 'online', lastCallAt: Date.now() + 60_000 });
    bridge.reply('connection.get', heard);
    act(() => bridge.emit('connection.changed', heard));
    await new Promise((r) => setTimeout(r, 100));
    expect(bridge.callsTo('exchange.ping')).toHaveLength(pings);
    expect(bridge.callsTo('connection.get')).toHaveLength(reads);
  });

  it('counts the silence from the latest call: a call heard meanwhile puts the ping off', async () => {
    const bridge = setup(state({ status: 'online', lastCallAt: Date.now() }), { silenceMs: 400, outageMs: 100 });
    await indicator('Online');
    await new Promise((r) => setTimeout(r, 250));
    // A refresh's call, 250 ms into the silence: the ping is now due 400 ms after it, not 150 ms on.
    act(() => bridge.emit('connection.changed', state({ status: 'online', lastCallAt: Date.now() })));
    await new Promise((r) => setTimeout(r, 250));
    expect(bridge.callsTo('exchange.ping')).toHaveLength(0);
    await waitFor(() => expect(bridge.callsTo('exchange.ping')).toHaveLength(1), { timeout: 2_000 });
  });

  it('rests while the page is hidden and pings once it is shown again', async () => {
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    let hidden = true;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    try {
      const bridge = setup(state({ status: 'online', lastCallAt: Date.now() - 10_000 }), { silenceMs: 100, outageMs: 100 });
      await indicator('Online');
      await new Promise((r) => setTimeout(r, 300));
      expect(bridge.callsTo('exchange.ping')).toHaveLength(0);
      hidden = false;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(bridge.callsTo('exchange.ping')).toHaveLength(1), { timeout: 2_000 });
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Object.defineProperty(Document.prototype, 'visibilityState', visibility);
    }
  });

  it('says Connecting… until main knows anything, and pings at once to find out', async () => {
    const bridge = setup(unknownConnection('demo'));
    expect(await indicator('Connecting…')).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('exchange.ping')).toEqual([{ accountId: 'demo' }]));
  });
});
