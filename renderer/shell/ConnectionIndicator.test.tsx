import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { unknownConnection, type ConnectionState } from '../../shared/model/connection';
import { formatClock } from '../format/format';
import { liveOff, type LiveState } from '../../shared/model/live';
import { DEFAULT_SETTINGS, installBridge, renderWithQuery } from '../test/setup';
import { ConnectionIndicator } from './ConnectionIndicator';

const at = new Date(2024, 4, 6, 14, 2, 7).getTime();
/** Main's states in the order it recorded them: each one made here is later than the one before. */
let revision = 0;
const state = (patch: Partial<ConnectionState>): ConnectionState => ({ ...unknownConnection('demo', 'monitor-1'), lastCallAt: Date.now(), revision: ++revision, ...patch });
const indicator = (text: string) => screen.findByRole('status', { name: `Connection: ${text}` });

function setup(first: ConnectionState, renewWatchMs = 60_000) {
  const bridge = installBridge();
  bridge.reply('connection.get', first);
  bridge.reply('connection.watch', { leaseMs: 90_000, state: first });
  const view = renderWithQuery(<ConnectionIndicator accountId="demo" renewWatchMs={renewWatchMs} />);
  return { bridge, view };
}

describe('ConnectionIndicator', () => {
  it('paints what main knows, then follows its connection.changed events', async () => {
    const { bridge } = setup(state({ status: 'online', since: at, lastSuccessAt: at }));
    expect(await indicator('Online')).toBeTruthy();

    act(() => bridge.emit('connection.changed', state({ status: 'offline', since: at, problem: 'The exchange refused the connection.' })));
    const offline = await indicator(`Offline since ${formatClock(at)}`);
    expect(formatClock(at)).toBe('2:02 PM');
    // The bar may shorten the words: the tooltip has them whole, with the cause.
    expect(offline.getAttribute('title')).toBe('Offline since 2:02 PM: The exchange refused the connection.');

    // One outage, one story: when it began in the bar, the rising count and the cause in the tooltip.
    act(() => bridge.emit('connection.changed', state({ status: 'busy', since: at, failedAttempts: 2, problem: 'The exchange is busy (503).' })));
    const busy = await indicator(`Exchange busy since ${formatClock(at)}`);
    expect(busy.getAttribute('title')).toBe('Exchange busy since 2:02 PM (2 failed attempts so far): The exchange is busy (503).');
    act(() => bridge.emit('connection.changed', state({ status: 'busy', since: at, failedAttempts: 1, problem: null })));
    await waitFor(() => expect(busy.getAttribute('title')).toBe('Exchange busy since 2:02 PM (1 failed attempt so far)'));

    act(() => bridge.emit('connection.changed', state({ status: 'key_problem', since: at })));
    expect(await indicator('API key problem')).toBeTruthy();

    // Another account's state is not this one's.
    act(() => bridge.emit('connection.changed', { ...state({ status: 'online' }), accountId: 'main' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await indicator('API key problem')).toBeTruthy();
  });

  it('keeps main pinging while shown: a watch at mount, renewed while visible, ended while hidden', async () => {
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    try {
      const { bridge } = setup(state({ status: 'online' }), 150);
      await indicator('Online');
      const watches = () => bridge.callsTo('connection.watch') as Array<{ accountId: string; watcher: string; watching: boolean; seq: number }>;
      await waitFor(() => expect(watches().length).toBeGreaterThanOrEqual(1));
      const { watcher } = watches()[0]!;
      expect(watches()[0]).toEqual({ accountId: 'demo', watcher, watching: true, seq: 1 });
      expect(watcher).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      // Renewed while visible, always under the same watcher id.
      await waitFor(() => expect(watches().length).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
      expect(new Set(watches().map((w) => w.watcher))).toEqual(new Set([watcher]));
      // Numbered, so main can tell a message overtaken by a later one.
      expect(watches().map((w) => w.seq)).toEqual(watches().map((_, i) => i + 1));

      hidden = true;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(watches().at(-1)).toMatchObject({ accountId: 'demo', watcher, watching: false }));
      // Hidden: no renewals.
      const whileHidden = watches().length;
      await new Promise((r) => setTimeout(r, 400));
      expect(watches()).toHaveLength(whileHidden);

      hidden = false;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(watches().at(-1)).toMatchObject({ accountId: 'demo', watcher, watching: true }));
      // The page never pings itself any more: main does, from the watch.
      expect(bridge.callsTo('exchange.ping')).toHaveLength(0);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Object.defineProperty(Document.prototype, 'visibilityState', visibility);
    }
  });

  it('ends its watch when unmounted', async () => {
    const { bridge, view } = setup(state({ status: 'online' }));
    await waitFor(() => expect(bridge.callsTo('connection.watch')).toHaveLength(1));
    view.unmount();
    await waitFor(() => expect(bridge.callsTo('connection.watch')).toHaveLength(2));
    expect(bridge.callsTo('connection.watch')[1]).toMatchObject({ accountId: 'demo', watching: false });
  });

  it('catches up from the watch\'s answer when an event was missed', async () => {
    const { bridge } = setup(state({ status: 'online', since: at }), 150);
    await indicator('Online');
    // Main went offline, and the event never reached this page; the next renewal tells it.
    bridge.reply('connection.watch', { leaseMs: 90_000, state: state({ status: 'offline', since: at }) });
    expect(await indicator(`Offline since ${formatClock(at)}`)).toBeTruthy();
  });

  it('keeps the later state when an answer read earlier arrives after an event', async () => {
    const bridge = installBridge();
    // The first read and the watch are answered only after the event below.
    let answerRead: (state: ConnectionState) => void = () => undefined;
    bridge.handle('connection.get', () => new Promise<ConnectionState>((done) => (answerRead = done)));
    let answerWatch: (answer: { leaseMs: number; state: ConnectionState }) => void = () => undefined;
    bridge.handle('connection.watch', () => new Promise((done) => (answerWatch = done)));
    renderWithQuery(<ConnectionIndicator accountId="demo" />);
    await waitFor(() => expect(bridge.callsTo('connection.watch')).toHaveLength(1));

    // The wall clock says nothing here (it may have stepped back): main's revision orders them.
    act(() => bridge.emit('connection.changed', state({ status: 'online', since: at, lastCallAt: 2_000 })));
    expect(await indicator('Online')).toBeTruthy();
    const before = { ...unknownConnection('demo', 'monitor-1'), lastCallAt: Date.now() };
    await act(async () => {
      answerRead(before);
      answerWatch({ leaseMs: 90_000, state: before });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await indicator('Online')).toBeTruthy();
  });

  it('says Connecting… until main knows anything', async () => {
    setup(unknownConnection('demo'));
    expect(await indicator('Connecting…')).toBeTruthy();
  });

  describe('which feed carries the view', () => {
    const live = (patch: Partial<LiveState>): LiveState => ({ ...liveOff('demo'), revision: ++revision, ...patch });
    function setupLive(first: LiveState, connection: ConnectionState = state({ status: 'online', since: at, lastSuccessAt: at })) {
      const bridge = installBridge(undefined, { ...DEFAULT_SETTINGS, refreshIntervalMs: 30_000 });
      bridge.reply('connection.get', connection);
      bridge.reply('connection.watch', { leaseMs: 90_000, state: connection });
      bridge.reply('live.get', first);
      renderWithQuery(<ConnectionIndicator accountId="demo" renewWatchMs={60_000} />);
      return bridge;
    }

    it('says Live while pushed data arrives, and which refresh carries the view while the stream is lost', async () => {
      const bridge = setupLive(live({ status: 'live' }));
      const shown = await indicator('Live');
      expect(shown.getAttribute('title')).toBe('Live');

      act(() => bridge.emit('live.changed', live({ status: 'fallback', problem: 'closed', retryAt: Date.now() + 8_000 })));
      const fallback = await screen.findByRole('status', { name: /^Connection: Updating every 30 s: live connection lost, retrying in [78] s$/ });
      // The bar keeps to one line: the short words shown, the whole sentence in the tooltip.
      expect(fallback.textContent).toBe('Updating every 30 s');
      expect(fallback.getAttribute('title')).toMatch(/^Updating every 30 s: live connection lost, retrying in [78] s$/);
      // The countdown runs.
      await screen.findByRole('status', { name: /retrying in [56] s$/ }, { timeout: 3_500 });

      act(() => bridge.emit('live.changed', live({ status: 'live' })));
      expect(await indicator('Live')).toBeTruthy();
      // Off (alerts switched off): the REST connection's words alone.
      act(() => bridge.emit('live.changed', live({ status: 'off' })));
      expect(await indicator('Online')).toBeTruthy();
    });

    it('a first answer that crossed a later event on its way does not undo it', async () => {
      const bridge = installBridge(undefined, { ...DEFAULT_SETTINGS, refreshIntervalMs: 30_000 });
      const connection = state({ status: 'online', since: at, lastSuccessAt: at });
      bridge.reply('connection.get', connection);
      bridge.reply('connection.watch', { leaseMs: 90_000, state: connection });
      // Main answered "connecting", then went live; the event overtakes the answer.
      const answered = live({ status: 'connecting' });
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      let asked = false;
      bridge.handle('live.get', async () => {
        asked = true;
        await held;
        return answered;
      });
      renderWithQuery(<ConnectionIndicator accountId="demo" renewWatchMs={60_000} />);
      await waitFor(() => expect(asked).toBe(true));
      act(() => bridge.emit('live.changed', live({ status: 'live' })));
      expect(await indicator('Live')).toBeTruthy();
      await act(async () => {
        answer();
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await indicator('Live')).toBeTruthy();
    });

    it('an outage of the exchange itself outranks the feed', async () => {
      const bridge = setupLive(live({ status: 'live' }));
      expect(await indicator('Live')).toBeTruthy();
      act(() => bridge.emit('connection.changed', state({ status: 'offline', since: at })));
      expect(await indicator(`Offline since ${formatClock(at)}`)).toBeTruthy();
      // Another account's live state is not this one's.
      act(() => bridge.emit('connection.changed', state({ status: 'online', since: at })));
      act(() => bridge.emit('live.changed', { ...live({ status: 'fallback', retryAt: null }), accountId: 'main' }));
      expect(await indicator('Live')).toBeTruthy();
    });
  });
});
