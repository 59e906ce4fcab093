/**
 * `npm run bench`: what the signed exchange client costs against bare HTTP. The simulator runs in
 * this process (rate limits off); rounds alternate two timed phases of the same size and
 * concurrency: `raw` sends requests signed beforehand with node:http and only reads the answers,
 * `client` calls the exchange client (validation, nonce, signing, parsing, schema). The last line
 * is the median of the per-round client/raw throughput ratios; the guard is at least 0.5.
 */
import http from 'node:http';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { startSimulator } from '../../electron/simulator';
import { createExchangeClient } from '../../electron/services/exchange/client';
import { createExchangeRuntime } from '../../electron/services/exchange/runtime';
import { signBody, SIGNING_HEADERS } from '../../electron/protocol/signing';

const CONCURRENCY = 16;
const ROUNDS = 6;
const PER_PHASE = 2_000;
const ENDPOINT = ENDPOINTS.positions;

type Phase = { ok: number; failed: number; ms: number };

/** `total` requests from CONCURRENCY loops, each awaiting one request at a time. */
async function runLoops(total: number, one: (index: number) => Promise<boolean>): Promise<Phase> {
  let ok = 0;
  let failed = 0;
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < total) {
        if (await one(issued++)) ok++;
        else failed++;
      }
    }),
  );
  return { ok, failed, ms: performance.now() - started };
}

function rawPost(agent: http.Agent, url: URL, body: string, headers: http.OutgoingHttpHeaders): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: ENDPOINT.path, method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(res.statusCode === 200 && Buffer.concat(chunks).toString('utf8').length > 0));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

const perSecond = (p: Phase): number => (p.ok / p.ms) * 1000;

async function main(): Promise<void> {
  const sim = await startSimulator({ port: 0, seed: 1, rateLimits: false });
  const url = new URL(sim.url);
  const runtime = createExchangeRuntime();
  const keys = sim.accounts.map(({ apiKey, apiSecret }) => ({ apiKey, apiSecret }));
  const clients = keys.map((credentials) => createExchangeClient({ runtime, baseUrl: sim.url, credentials, rateLimit: false, maxRetries: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  // Raw requests take their nonces from the clients' own sequences, so the two never collide.
  const presign = (total: number) =>
    Array.from({ length: total }, (_, i) => {
      const key = keys[i % keys.length]!;
      const nonce = runtime.nonces.sequenceFor(key.apiKey).next(Date.now());
      const signed = signBody(key.apiSecret, JSON.stringify({ request: ENDPOINT.path, nonce, nonceWindow: true }));
      const headers = {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(signed.body),
        [SIGNING_HEADERS.apiKey]: key.apiKey,
        [SIGNING_HEADERS.payload]: signed.payload,
        [SIGNING_HEADERS.signature]: signed.signature,
      };
      return { body: signed.body, headers };
    });
  // Nonces run ahead of the clock under load; starting each phase once it has caught up keeps
  // every request inside the exchange's nonce window.
  const settle = async () => {
    const lead = Math.max(...keys.map((k) => runtime.nonces.sequenceFor(k.apiKey).peek())) - Date.now();
    if (lead > 0) await new Promise((r) => setTimeout(r, lead + 5));
  };
  const rawPhase = async () => {
    await settle();
    const batch = presign(PER_PHASE);
    return runLoops(PER_PHASE, (i) => rawPost(agent, url, batch[i]!.body, batch[i]!.headers));
  };
  const clientPhase = async () => {
    await settle();
    return runLoops(PER_PHASE, (i) =>
      clients[i % clients.length]!.positions().then(
        () => true,
        () => false,
      ),
    );
  };

  const ratios: number[] = [];
  const totals = { raw: { ok: 0, failed: 0, ms: 0 }, client: { ok: 0, failed: 0, ms: 0 } };
  try {
    await rawPhase();
    await clientPhase();
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating order, so a trend in machine load favours neither side.
      const first = round % 2 === 0 ? await rawPhase() : await clientPhase();
      const second = round % 2 === 0 ? await clientPhase() : await rawPhase();
      const [raw, client] = round % 2 === 0 ? [first, second] : [second, first];
      for (const [total, phase] of [
        [totals.raw, raw],
        [totals.client, client],
      ] as const) {
        total.ok += phase.ok;
        total.failed += phase.failed;
        total.ms += phase.ms;
      }
      ratios.push(perSecond(client) / perSecond(raw));
    }
  } finally {
    agent.destroy();
    runtime.close();
    await sim.close();
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  console.log(`endpoint ${ENDPOINT.method} ${ENDPOINT.path}, concurrency ${CONCURRENCY}, ${ROUNDS} rounds x ${PER_PHASE} requests per side`);
  console.log(`raw node:http (pre-signed): ${perSecond(totals.raw).toFixed(0)} req/s, ${totals.raw.failed} failed`);
  console.log(`exchange client: ${perSecond(totals.client).toFixed(0)} req/s, ${totals.client.failed} failed`);
  console.log(`per-round ratios: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
  console.log(`client/raw throughput ratio: ${median.toFixed(2)}`);
}

await main();
process.exit(0);
