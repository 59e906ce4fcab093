/**
 * `npm run bench:large-answers`: how long the main thread stalls while the exchange client reads a
 * large answer (an assets list of 1, 2 and 3.5 MB, under its 4 MB cap): read in the parse worker, as
 * the app does, against reading it in place. Prints one line per size: the worst gap of a 1 ms timer
 * during the call (median of 5 calls after one warm-up), and the in-place reading time.
 */
import { ENDPOINTS } from '../../shared/api/endpoints';
import { interpretAnswer } from '../../electron/services/exchange/classify';
import { createExchangeClient } from '../../electron/services/exchange/client';
import { createExchangeRuntime } from '../../electron/services/exchange/runtime';
import { realTime, startCraftedServer } from '../../electron/services/exchange/test/crafted-server';
import { answerWith, assetsAnswer, worstStall } from '../../electron/services/exchange/test/large-answer';

const runtime = createExchangeRuntime();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const megabytes of [1, 2, 3.5]) {
  const text = assetsAnswer(megabytes * 1024 * 1024);
  const body = Buffer.from(text);
  const server = await startCraftedServer((req, res) => (req.path === '/api/v4/public/assets' ? answerWith(res, body) : realTime(req, res)));
  const client = createExchangeClient({ runtime, baseUrl: server.url, rateLimit: false, maxRetries: 0, timeoutMs: 60_000 });
  await client.assets();
  const stalls: number[] = [];
  for (let i = 0; i < 5; i++) stalls.push((await worstStall(() => client.assets())).worstMs);
  const inPlace: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    interpretAnswer({ status: 200, contentType: 'application/json', retryAfter: undefined, text }, ENDPOINTS.assets.response, Date.now());
    inPlace.push(performance.now() - started);
  }
  process.stdout.write(`assets ${megabytes} MB: worst main-thread stall ${median(stalls).toFixed(0)} ms (max ${Math.max(...stalls).toFixed(0)}) read in the worker; ${median(inPlace).toFixed(0)} ms blocked read in place\n`);
  await server.close();
}
process.exit(0);
