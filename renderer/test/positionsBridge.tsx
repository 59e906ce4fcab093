/**
 * Test support for the positions and flex views: a fake `window.exchange` (the one global the
 * preload exposes) answering envelopes from per-channel handlers, and a render helper with a fresh
 * query client. The views, hooks, query layer and invoke all run for real on top of it; only the
 * main process is replaced, since it cannot run inside jsdom.
 */
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppFailure, type AppError, type Envelope } from '../../shared/errors';
import type { Channel, ExchangeBridge, RequestOf, ResponseOf } from '../../shared/ipc';
import type { AccountSummary } from '../../shared/model/accounts';
import { createQueryClient } from '../api/queries';

export type FakeHandlers = { [C in Channel]?: (payload: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>> };

export interface FakeBridge {
  calls: { channel: Channel; payload: unknown }[];
  callsTo(channel: Channel): unknown[];
  handlers: FakeHandlers;
}

export function failure(error: AppError): AppFailure {
  return new AppFailure(error);
}

export const TEST_ACCOUNT: AccountSummary = {
  id: 'acc-1',
  name: 'Test account',
  region: 'global',
  baseUrl: 'https://whitebit.com',
  isDemo: false,
  apiKeyMasked: 'ab12…yz89',
  hasSecret: true,
  notifyPositions: false,
  eea: false,
};

export function installFakeBridge(handlers: FakeHandlers): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const all: FakeHandlers = {
    'settings.get': () => ({ settings: { refreshIntervalMs: 0, hideSmallBelow: '0', theme: 'system', quote: 'USDT' }, notice: null }),
    'accounts.list': () => ({ accounts: [TEST_ACCOUNT], activeAccountId: TEST_ACCOUNT.id }),
    ...handlers,
  };
  const bridge: ExchangeBridge = {
    async invoke<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
      calls.push({ channel, payload });
      const handler = all[channel] as ((p: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>) | undefined;
      if (!handler) return { ok: false, error: { kind: 'internal', message: `no fake handler for ${channel}` } };
      try {
        return { ok: true, data: await handler(payload) };
      } catch (thrown) {
        if (thrown instanceof AppFailure) return { ok: false, error: thrown.error };
        throw thrown;
      }
    },
    on: () => () => undefined,
  };
  (globalThis as { exchange?: ExchangeBridge }).exchange = bridge;
  return { calls, handlers: all, callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.payload) };
}

export function removeFakeBridge(): void {
  delete (globalThis as { exchange?: ExchangeBridge }).exchange;
}

export function renderWithQueries(ui: ReactElement) {
  const queryClient = createQueryClient();
  const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...result, queryClient };
}
