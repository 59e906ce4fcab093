/**
 * The page's abort signal reaches the request. Browser mode,
 * real parts: an aborted fetch to POST /api/invoke (what renderer/api/bridge.ts does with the
 * page's signal, see renderer/api/bridge.test.ts) -> the real browser-mode server -> the real
 * router -> the real exchange client -> a crafted exchange that never answers. The aborted fetch
 * closes the connection, the server aborts the router call, and the client drops its exchange
 * request at once instead of holding it open until its own timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_MODE, CHANNEL_NAMES, type Channel } from '../../shared/ipc';
import { createExchangeClient } from '../services/exchange/client';
import { createExchangeRuntime } from '../services/exchange/runtime';
import { startCraftedServer, type CraftedServer } from '../services/exchange/test/crafted-server';
import { createSilentLogger } from '../services/logging';
import { createRouter, type Handlers } from '../router/router';
import { startBrowserServer, type BrowserServer } from './server';

/** The exchange runtime this file's clients share, as one core's clients do. */
const runtime = createExchangeRuntime();

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('cancellation through the contract, browser mode', () => {
  it('an aborted page request closes the exchange request', async () => {
    let exchangeRequestClosed = false;
    const exchange: CraftedServer = await startCraftedServer((_req, res) => {
      // Never answers; notes when the app gives the request up.
      res.on('close', () => (exchangeRequestClosed = true));
    });
    cleanups.push(() => exchange.close());

    // No timer of the client's could close the request first: only the page's abort can.
    const client = createExchangeClient({ runtime, baseUrl: exchange.url, rateLimit: false, timeoutMs: 600_000, deadlineMs: 600_000, maxRetries: 0 });
    const handlers = {} as Record<Channel, (p: unknown, s: unknown, c: unknown) => Promise<unknown>>;
    for (const channel of CHANNEL_NAMES) handlers[channel] = () => Promise.reject(new Error(`not wired in this test: ${channel}`));
    handlers['exchange.assets'] = (_p, _s, context) => client.assets({ signal: (context as { signal?: AbortSignal } | undefined)?.signal });
    const router = createRouter(handlers as unknown as Handlers, { logger: createSilentLogger(), isTrustedSender: () => true });

    const staticDir = mkdtempSync(join(tmpdir(), 'desk-cancel-static-'));
    cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
    const server: BrowserServer = await startBrowserServer({
      core: { route: router.route, onEvent: () => () => {} },
      staticDir,
      logger: createSilentLogger(),
    });
    cleanups.push(() => server.close());

    const controller = new AbortController();
    const answer = fetch(`${server.origin}${BROWSER_MODE.invokePath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [BROWSER_MODE.tokenHeader]: server.token },
      body: JSON.stringify({ channel: 'exchange.assets', payload: { accountId: 'demo' } }),
      signal: controller.signal,
    }).then(
      () => 'answered',
      () => 'aborted',
    );
    await exchange.arrived(1, '/api/v4/public/assets');

    controller.abort();
    expect(await answer).toBe('aborted');
    await vi.waitFor(() => expect(exchangeRequestClosed).toBe(true));
  });
});
