/**
 * Issue 10, finding 7: one owner for retries. A page's query goes renderer (TanStack Query over
 * the app's QueryClient) -> bridge -> real router -> real exchange client -> a crafted server
 * that answers 503 for good. Only the main-process client may retry, so one user action costs at
 * most 1 + maxRetries exchange requests (before the fix: 4 client attempts x 3 renderer tries = 12).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/errors';
import { CHANNEL_NAMES, type Channel, type ExchangeBridge } from '../../shared/ipc';
import { createQueryClient } from '../../renderer/api/queries';
import { invoke } from '../../renderer/api/invoke';
import { createExchangeClient } from '../services/exchange/client';
import { json, startCraftedServer, type CraftedServer } from '../services/exchange/crafted-server';
import { createSilentLogger } from '../services/logging';
import { createRouter, type Handlers } from './router';

const MAX_RETRIES = 3;
const instantSleep = () => Promise.resolve();

function routerOver(baseUrl: string) {
  const client = createExchangeClient({ baseUrl, maxRetries: MAX_RETRIES, sleep: instantSleep, rateLimit: false });
  const handlers = {} as Record<Channel, () => Promise<unknown>>;
  for (const channel of CHANNEL_NAMES) handlers[channel] = () => Promise.reject(new Error(`not wired in this test: ${channel}`));
  handlers['exchange.assets'] = () => client.assets();
  return createRouter(handlers as unknown as Handlers, { logger: createSilentLogger(), isTrustedSender: () => true });
}

function installBridge(route: ReturnType<typeof routerOver>['route']) {
  const bridge: ExchangeBridge = {
    invoke: (channel, payload) => route(channel, payload, { transport: 'direct' }) as Promise<Envelope<never>>,
    on: () => () => {},
  };
  (globalThis as { exchange?: unknown }).exchange = bridge;
}

let server: CraftedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  delete (globalThis as { exchange?: unknown }).exchange;
});

describe('one owner for retries (issue 10, finding 7)', () => {
  it('a lasting 503 costs at most 1 + maxRetries exchange requests per page query', async () => {
    server = await startCraftedServer((_req, res) => json(res, 503, { error: ['Service unavailable'] }));
    installBridge(routerOver(server.url).route);
    const queryClient = createQueryClient();
    await expect(
      queryClient.fetchQuery({ queryKey: ['exchange.assets', { accountId: 'demo' }], queryFn: () => invoke('exchange.assets', { accountId: 'demo' }) }),
    ).rejects.toMatchObject({ error: { kind: 'server' } });
    expect(server.hits('/api/v4/public/assets')).toHaveLength(1 + MAX_RETRIES);
  }, 20_000);
});
