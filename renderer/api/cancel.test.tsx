/**
 * The page's abort signal reaches the bridge. A channel query passes TanStack
 * Query's `signal` through `invoke`, so cancelling the query (or leaving the page) aborts the call.
 */
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ExchangeBridge, InvokeOptions } from '../../shared/ipc';
import { createQueryClient, useChannelQuery } from './queries';
import '../test/setup';

describe('cancellation through the contract', () => {
  it('cancelling a channel query aborts the signal the bridge was given', async () => {
    const seen: Array<InvokeOptions | undefined> = [];
    const bridge: ExchangeBridge = {
      invoke: (channel, _payload, options) => {
        if (channel === 'settings.get') return Promise.resolve({ ok: true, data: { settings: { refreshIntervalMs: 0, hideSmallBelow: '0', theme: 'dark' }, notice: null, forgottenAccounts: 0 } } as never);
        seen.push(options);
        return new Promise(() => {});
      },
      on: () => () => {},
    };
    (globalThis as { exchange?: unknown }).exchange = bridge;
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    renderHook(() => useChannelQuery('exchange.assets', { accountId: 'demo' }), { wrapper });
    await waitFor(() => expect(seen).toHaveLength(1));
    const signal = seen[0]?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal!.aborted).toBe(false);
    await queryClient.cancelQueries({ queryKey: ['exchange.assets'] });
    expect(signal!.aborted).toBe(true);
    delete (globalThis as { exchange?: unknown }).exchange;
  });
});
