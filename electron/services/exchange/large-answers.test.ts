/**
 * Large answers never freeze the app: each endpoint refuses answers above what the exchange can
 * send for it (responseCaps.ts), and an answer that is large but allowed is read in the parse worker
 * (parseOffThread.ts), with the same result as reading it in place.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isAppFailure } from '../../../shared/errors';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { interpretAnswer } from './classify';
import { createExchangeClient } from './client';
import { createExchangeRuntime } from './runtime';
import { offThreadReads } from './parseOffThread';
import { realTime, startCraftedServer, type CraftedServer } from './test/crafted-server';
import { answerWith, assetsAnswer } from './test/large-answer';

const servers: CraftedServer[] = [];
const runtime = createExchangeRuntime();
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => runtime.close());

describe('large answers', () => {
  it('an allowed 3.5 MB answer is read in the worker, with the same result as in place', async () => {
    const text = assetsAnswer(3.5 * 1024 * 1024);
    const body = Buffer.from(text);
    const s = await startCraftedServer((req, res) => (req.path === '/api/v4/public/assets' ? answerWith(res, body) : realTime(req, res)));
    servers.push(s);
    const client = createExchangeClient({ runtime, baseUrl: s.url, rateLimit: false, maxRetries: 0, timeoutMs: 30_000 });
    const before = offThreadReads();
    const result = await client.assets();
    expect(offThreadReads()).toBe(before + 1);
    const inPlace = interpretAnswer({ status: 200, contentType: 'application/json', retryAfter: undefined, text }, ENDPOINTS.assets.response, Date.now());
    expect(inPlace.ok && inPlace.data).toEqual(result);
    expect(Object.keys(result.items)).toHaveLength(Object.keys(JSON.parse(text)).length);
    // A small answer stays in place.
    expect(offThreadReads()).toBe(before + 1);
  });

  it.each([
    ['balance', '/api/v4/main-account/balance', 3 * 1024 * 1024],
    ['assets', '/api/v4/public/assets', 15 * 1024 * 1024],
  ] as const)('a %s answer above its cap is refused unread', async (name, path, bytes) => {
    const body = Buffer.from(assetsAnswer(bytes));
    const s = await startCraftedServer((req, res) => (req.path === path ? answerWith(res, body) : realTime(req, res)));
    servers.push(s);
    const client = createExchangeClient({ runtime, baseUrl: s.url, credentials: { apiKey: `caps-${process.pid}`, apiSecret: 'caps-secret' }, rateLimit: false, maxRetries: 0 });
    const before = offThreadReads();
    const thrown = await (name === 'balance' ? client.balance() : client.assets()).catch((error: unknown) => error);
    expect(isAppFailure(thrown) && thrown.error.kind).toBe('bad_response');
    expect(isAppFailure(thrown) && thrown.error.message).toMatch(/larger than \d+ MB; it was not read/);
    expect(offThreadReads()).toBe(before);
  });
});
