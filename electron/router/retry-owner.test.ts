/**
 * One owner for retries. One call through the real router and the real
 * exchange client against a crafted server that answers 503 for good costs 1 + maxRetries exchange
 * requests; renderer/api/retryPolicy.test.ts shows the page asks the bridge exactly once per
 * failure, so one user action costs at most 1 + maxRetries (before the fix, the page's query
 * asked 3 times: 12 requests, measured with the renderer's QueryClient over this router).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, type Channel } from '../../shared/ipc';
import { createExchangeClient } from '../services/exchange/client';
import { createExchangeRuntime } from '../services/exchange/runtime';
import { json, startCraftedServer, type CraftedServer } from '../services/exchange/test/crafted-server';
import { createSilentLogger } from '../services/logging';
import { createRouter, type Handlers } from './router';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const MAX_RETRIES = 3;
const instantSleep = () => Promise.resolve();

function routerOver(baseUrl: string) {
  const client = createExchangeClient({ runtime, baseUrl, maxRetries: MAX_RETRIES, sleep: instantSleep, rateLimit: false });
  const handlers = {} as Record<Channel, () => Promise<unknown>>;
  for (const channel of CHANNEL_NAMES) handlers[channel] = () => Promise.reject(new Error(`not wired in this test: ${channel}`));
  handlers['exchange.assets'] = () => client.assets();
  return createRouter(handlers as unknown as Handlers, { logger: createSilentLogger(), isTrustedSender: () => true });
}

let server: CraftedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('one owner for retries', () => {
  it('a lasting 503 costs 1 + maxRetries exchange requests per routed call', async () => {
    server = await startCraftedServer((_req, res) => json(res, 503, { error: ['Service unavailable'] }));
    const envelope = await routerOver(server.url).route('exchange.assets', { accountId: 'demo' }, { transport: 'direct' });
    expect(envelope).toMatchObject({ ok: false, error: { kind: 'server', status: 503 } });
    expect(server.hits('/api/v4/public/assets')).toHaveLength(1 + MAX_RETRIES);
  }, 20_000);
});
