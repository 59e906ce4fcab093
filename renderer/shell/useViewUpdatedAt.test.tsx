import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { REFERENCE_DATA } from '../api/queries';
import { useViewUpdatedAt } from './useViewUpdatedAt';

afterEach(cleanup);

const MINUTE = 60_000;

function View({ namesAsReference }: { namesAsReference: boolean }) {
  // Figures loaded seconds ago; asset names loaded ten minutes ago.
  useQuery({ queryKey: ['balances.overview', {}], queryFn: () => new Promise<never>(() => undefined), staleTime: Infinity });
  useQuery({ queryKey: ['exchange.assets', {}], queryFn: () => new Promise<never>(() => undefined), staleTime: Infinity, ...(namesAsReference ? REFERENCE_DATA : {}) });
  const updatedAt = useViewUpdatedAt();
  return <p data-testid="updated-at">{updatedAt}</p>;
}

function renderView(namesAsReference: boolean) {
  const client = new QueryClient();
  const now = Date.now();
  client.setQueryData(['balances.overview', {}], { rows: [] }, { updatedAt: now - 5_000 });
  client.setQueryData(['exchange.assets', {}], { items: {} }, { updatedAt: now - 10 * MINUTE });
  render(
    <QueryClientProvider client={client}>
      <View namesAsReference={namesAsReference} />
    </QueryClientProvider>,
  );
  return now;
}

describe('useViewUpdatedAt', () => {
  it('dates the view by its figures, not by the asset names that label them', async () => {
    const now = renderView(true);
    await waitFor(() => expect(Number(screen.getByTestId('updated-at').textContent)).toBe(now - 5_000));
  });

  it('still dates the view by the stalest of the figures it shows', async () => {
    const now = renderView(false);
    await waitFor(() => expect(Number(screen.getByTestId('updated-at').textContent)).toBe(now - 10 * MINUTE));
  });

  it('leaves out what events feed (the live state, the alert log): their age is not the figures\' freshness', async () => {
    const client = new QueryClient();
    const now = Date.now();
    client.setQueryData(['balances.overview', {}], { rows: [] }, { updatedAt: now - 2_000 });
    client.setQueryData(['live.get', {}], { state: 'live' }, { updatedAt: now - 2 * MINUTE });
    client.setQueryData(['alerts.log', {}], { items: [] }, { updatedAt: now - 3 * MINUTE });
    function LiveView() {
      useQuery({ queryKey: ['balances.overview', {}], queryFn: () => new Promise<never>(() => undefined), staleTime: Infinity });
      useQuery({ queryKey: ['live.get', {}], queryFn: () => new Promise<never>(() => undefined), staleTime: Infinity, refetchInterval: false });
      useQuery({ queryKey: ['alerts.log', {}], queryFn: () => new Promise<never>(() => undefined), staleTime: Infinity, refetchInterval: false });
      return <p data-testid="updated-at">{useViewUpdatedAt()}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <LiveView />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(Number(screen.getByTestId('updated-at').textContent)).toBe(now - 2_000));
  });
});
