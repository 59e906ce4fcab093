/**
 * `npm run bench`: how much throughput the exchange client costs compared with bare node:http.
 *
 * Starts the simulator (rate limits off) in this process, as the app's Demo mode embeds it, or
 * with `-- --child` as a separate process like a remote exchange. Warms up, then runs rounds of
 * two adjacent timed phases of the same number of requests, in alternating order:
 *   raw    - node:http POSTs of requests signed BEFORE the phase (distinct nonces, nonceWindow
 *            true), answers read to the end but not parsed: the floor any client must pay;
 *   client - the same endpoint through createExchangeClient (validation, nonce, signing, limits
 *            off, answer parsing and schema check).
 * Both use the same concurrency, keep-alive settings, keys and endpoint. The two phases of a round
 * run back to back under the same machine load, so the reported ratio is the median of the
 * per-round ratios: robust against other work on a shared machine. The last line is that ratio.
 *
 * Loopback only, bounded in time, exits by itself.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { startSimulator } from '../../electron/simulator';
import { closePooledConnections } from '../../electron/services/exchange/transport';
import { createExchangeClient, type ExchangeClient } from '../../electron/services/exchange/client';
import { nonceSequenceFor } from '../../electron/services/exchange/nonce';
import { signBody, SIGNING_HEADERS } from '../../electron/protocol/signing';

const CONCURRENCY = 16;
const ROUNDS = 8;
/** Each timed phase is sized from the warm-up rate to last about this long. */
const TARGET_PHASE_MS = 1_500;
/** No new round starts after this much time, so that a slow machine still finishes in time. */
const ROUNDS_BUDGET_MS = 38_000;
const WARMUP_REQUESTS = 1_200;
/**
 * Upper bound on requests per phase. Nonces are Unix milliseconds, unique per key, within +-5 s
 * of the simulator clock: with 4 keys, 12 000 requests use at most 3 000 ms of nonces per key.
 */
const MAX_PHASE_REQUESTS = 12_000;
const ENDPOINT = ENDPOINTS.positions;
const HARD_LIMIT_MS = 55_000;

interface PhaseResult {
  ok: number;
  failed: number;
  ms: number;
  /** CPU time of this process (client and in-process simulator together), microseconds. */
  cpuMicros: number;
}

interface Key {
  apiKey: string;
  apiSecret: string;
}

/**
 * Sends `total` requests from `CONCURRENCY` loops; each loop awaits one request at a time.
 * `one` answers whether request number `index` succeeded.
 */
async function runLoops(total: number, one: (worker: number, index: number) => Promise<boolean>): Promise<PhaseResult> {
  let ok = 0;
  let failed = 0;
  let issued = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (issued < total) {
        if (await one(worker, issued++)) ok++;
        else failed++;
      }
    }),
  );
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { ok, failed, ms, cpuMicros: cpu.user + cpu.system };
}

function rawPost(agent: http.Agent, host: string, port: number, body: string, headers: http.OutgoingHttpHeaders): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ host, port, path: ENDPOINT.path, method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        // Decode like any client must, but do not parse.
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        resolve(res.statusCode === 200 && text.length > 0);
      });
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** Signs a batch of distinct requests per key, taking nonces from the same per-key sequence the client uses. */
function presign(keys: Key[], perKey: number): { body: string; headers: http.OutgoingHttpHeaders }[][] {
  return keys.map((key) => {
    const sequence = nonceSequenceFor(key.apiKey);
    const batch: { body: string; headers: http.OutgoingHttpHeaders }[] = [];
    for (let i = 0; i < perKey; i++) {
      const signed = signBody(key.apiSecret, JSON.stringify({ request: ENDPOINT.path, nonce: sequence.next(Date.now()), nonceWindow: true }));
      batch.push({
        body: signed.body,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(signed.body),
          Accept: 'application/json',
          [SIGNING_HEADERS.apiKey]: key.apiKey,
          [SIGNING_HEADERS.payload]: signed.payload,
          [SIGNING_HEADERS.signature]: signed.signature,
        },
      });
    }
    return batch;
  });
}

interface SimulatorHandle {
  url: string;
  keys: Key[];
  where: string;
  close(): Promise<void>;
}

/** The simulator in this process: client, raw loop and server share one thread (the harshest case). */
async function inProcessSimulator(): Promise<SimulatorHandle> {
  const sim = await startSimulator({ port: 0, seed: 1, rateLimits: false });
  return { url: sim.url, keys: sim.accounts.map(({ apiKey, apiSecret }) => ({ apiKey, apiSecret })), where: 'in this process', close: () => sim.close() };
}

/** The simulator as a child process through its CLI, like a remote exchange on its own CPU. */
async function childSimulator(): Promise<SimulatorHandle> {
  const cli = fileURLToPath(new URL('../../electron/simulator/cli.ts', import.meta.url));
  // Its stderr is kept back so that the ratio stays the last line of this program's output.
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--seed', '1', '--no-rate-limits'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let diagnostics = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (diagnostics.length < 10_000) diagnostics += chunk.toString('utf8');
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited with status ${code}: ${diagnostics.trim()}`)));
  });
  const ready = JSON.parse(firstLine) as { url: string; accounts: Key[] };
  return {
    url: ready.url,
    keys: ready.accounts.map(({ apiKey, apiSecret }) => ({ apiKey, apiSecret })),
    where: 'as a child process',
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function perSecond(r: PhaseResult): number {
  return (r.ok / r.ms) * 1000;
}

async function main(): Promise<void> {
  const guard = setTimeout(() => {
    console.error(`bench: did not finish within ${HARD_LIMIT_MS / 1000} s`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  guard.unref();

  const simulator = process.argv.includes('--child') ? await childSimulator() : await inProcessSimulator();
  const url = new URL(simulator.url);
  const host = url.hostname;
  const port = Number(url.port);
  // Every account can read positions; spreading the load over all keys keeps each key well under
  // the ~1000 nonces per second that the +-5 s nonce window can hold.
  const keys = simulator.keys;
  const clients: ExchangeClient[] = keys.map((credentials) => createExchangeClient({ baseUrl: simulator.url, credentials, rateLimit: false, maxRetries: 0 }));
  const rawAgent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 64, maxFreeSockets: 64, scheduling: 'lifo' });

  /**
   * Nonces must be unique per key and within +-5 s of the simulator's clock. Raw batches take
   * theirs from the same per-key sequence as the clients, so the two never collide; waiting here
   * (untimed) until the clock has caught up with the last nonce handed out keeps every phase
   * starting from the same place.
   */
  const settleNonces = async () => {
    const lead = Math.max(...keys.map((k) => nonceSequenceFor(k.apiKey).peek())) - Date.now();
    if (lead > 0) await new Promise((r) => setTimeout(r, lead + 5));
  };
  const clientPhase = async (total: number) => {
    await settleNonces();
    return runLoops(total, async (_worker, index) => {
      try {
        await clients[index % clients.length]!.positions();
        return true;
      } catch {
        return false;
      }
    });
  };
  const rawPhase = async (total: number) => {
    await settleNonces();
    // Signed before the clock starts: signing cost is excluded from raw.
    const batches = presign(keys, Math.ceil(total / keys.length));
    return runLoops(total, (_worker, index) => {
      const next = batches[index % keys.length]![Math.floor(index / keys.length)]!;
      return rawPost(rawAgent, host, port, next.body, next.headers);
    });
  };

  const raw: PhaseResult = { ok: 0, failed: 0, ms: 0, cpuMicros: 0 };
  const client: PhaseResult = { ok: 0, failed: 0, ms: 0, cpuMicros: 0 };
  const add = (total: PhaseResult, r: PhaseResult) => {
    total.ok += r.ok;
    total.failed += r.failed;
    total.ms += r.ms;
    total.cpuMicros += r.cpuMicros;
  };
  let perPhase: number;
  const roundRatios: number[] = [];
  try {
    const warmClient = await clientPhase(WARMUP_REQUESTS);
    const warmRaw = await rawPhase(WARMUP_REQUESTS);
    const warmRate = (perSecond(warmClient) + perSecond(warmRaw)) / 2;
    perPhase = Math.min(MAX_PHASE_REQUESTS, Math.max(400, Math.round((warmRate * TARGET_PHASE_MS) / 1000 / keys.length) * keys.length));
    const roundsStarted = performance.now();
    for (let round = 0; round < ROUNDS && (round < 2 || performance.now() - roundsStarted < ROUNDS_BUDGET_MS); round++) {
      // Alternate which goes first so that a trend in machine load favours neither side.
      let rawRound: PhaseResult;
      let clientRound: PhaseResult;
      if (round % 2 === 0) {
        rawRound = await rawPhase(perPhase);
        clientRound = await clientPhase(perPhase);
      } else {
        clientRound = await clientPhase(perPhase);
        rawRound = await rawPhase(perPhase);
      }
      add(raw, rawRound);
      add(client, clientRound);
      roundRatios.push(perSecond(clientRound) / perSecond(rawRound));
    }
  } finally {
    rawAgent.destroy();
    closePooledConnections();
    await simulator.close();
  }
  clearTimeout(guard);

  const sorted = [...roundRatios].sort((x, y) => x - y);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  const cpuWhose = simulator.where === 'in this process' ? 'client + simulator' : 'this process';
  const cpuPer = (r: PhaseResult) => (r.ok > 0 ? (r.cpuMicros / r.ok).toFixed(0) : '-');
  console.log(`endpoint: ${ENDPOINT.method} ${ENDPOINT.path}, concurrency ${CONCURRENCY}, ${roundRatios.length} rounds x ${perPhase} requests per side, ${keys.length} keys, simulator ${simulator.where}`);
  console.log(`raw node:http (pre-signed): ${perSecond(raw).toFixed(0)} req/s (${raw.ok} ok, ${raw.failed} failed; ${cpuPer(raw)} us CPU per request, ${cpuWhose})`);
  console.log(`exchange client: ${perSecond(client).toFixed(0)} req/s (${client.ok} ok, ${client.failed} failed; ${cpuPer(client)} us CPU per request, ${cpuWhose})`);
  console.log(`per-round client/raw ratios: ${roundRatios.map((r) => r.toFixed(2)).join(' ')}; pooled ${(perSecond(client) / perSecond(raw)).toFixed(2)}`);
  if (raw.failed > 0 || client.failed > 0) console.log('warning: some requests failed; the figures are not trustworthy');
  console.log(`client/raw throughput ratio: ${median.toFixed(2)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
