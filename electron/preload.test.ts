/**
 * The preload with a recording stand-in for `electron` (contextBridge, ipcRenderer): exactly one
 * frozen global with `invoke` and `on`, names checked before anything is sent, and listeners that
 * never see the Electron event object.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CANCEL_CHANNEL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type PreloadBridge } from '../shared/ipc';
import { fake } from './test/fake-electron';

vi.mock('electron', async () => (await import('./test/fake-electron')).electronModule);

let bridge: PreloadBridge;

beforeAll(async () => {
  await import('./preload');
  expect(fake.exposed).toHaveLength(1);
  bridge = fake.exposed[0]?.api as PreloadBridge;
});

describe('preload bridge', () => {
  it('exposes exactly one frozen object, window.exchange, with invoke, cancel and on', () => {
    expect(fake.exposed[0]?.key).toBe('exchange');
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual(['cancel', 'invoke', 'on']);
  });

  it('numbers a call the page may cancel, and cancels it by that number only', async () => {
    await bridge.invoke('exchange.balance', { accountId: 'demo' }, 5);
    expect(fake.rendererInvokes.at(-1)).toEqual([IPC_INVOKE_CHANNEL, 'exchange.balance', { accountId: 'demo' }, 5]);
    bridge.cancel(5);
    expect(fake.rendererSends.at(-1)).toEqual([IPC_CANCEL_CHANNEL, 5]);
    const sent = fake.rendererSends.length;
    for (const bad of ['5', -1, 1.5, Number.NaN, null]) bridge.cancel(bad as never);
    expect(fake.rendererSends.length).toBe(sent);
  });

  it('sends known channels over the one invoke channel', async () => {
    const answer = await bridge.invoke('accounts.list', {});
    expect(answer).toEqual({ ok: true, data: 'from-main' });
    expect(fake.rendererInvokes.at(-1)).toEqual([IPC_INVOKE_CHANNEL, 'accounts.list', {}]);
  });

  it.each([['no.such.channel'], ['__proto__'], [42], [null], ['exchange:invoke']])('refuses unknown channel %s without sending', async (channel) => {
    const before = fake.rendererInvokes.length;
    const answer = await bridge.invoke(channel as never, {} as never);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(fake.rendererInvokes.length).toBe(before);
  });

  it('delivers only the payload of the subscribed event, and unsubscribes', () => {
    const received: unknown[] = [];
    const unsubscribe = bridge.on('accounts.changed', (payload) => received.push(payload));
    const listeners = [...(fake.rendererListeners.get(IPC_EVENT_CHANNEL) ?? [])];
    expect(listeners).toHaveLength(1);
    const electronEvent = { sender: { secret: 'ipc internals' } };
    for (const listener of listeners) {
      listener(electronEvent, 'accounts.changed', { activeAccountId: 'demo' });
      listener(electronEvent, 'withdrawals.updated', { uniqueId: 'x' });
    }
    expect(received).toEqual([{ activeAccountId: 'demo' }]);
    unsubscribe();
    expect(fake.rendererListeners.get(IPC_EVENT_CHANNEL)?.size).toBe(0);
  });

  it('refuses unknown events and non-function listeners', () => {
    expect(() => bridge.on('no.such.event' as never, () => undefined)).toThrow(TypeError);
    expect(() => bridge.on('accounts.changed', 'not a function' as never)).toThrow(TypeError);
  });
});
