/**
 * The main process's floor for memory, for bench:idle: a bare Node process that makes the Balances
 * overview's four exchange calls every 10 s (the three balances, signed, and the ticker), through
 * an undici Pool as the app's client does, and parses each answer, and does nothing else: no app,
 * no SQLite, no page. It runs beside the app's soak, against a simulator of its own with the same
 * data (so the two never share a key's nonces), and its RSS trend reads against the main process's
 * as the by-hand page reads against the app's page: what Node and its allocator do with this
 * traffic by themselves.
 *
 * `startExchangeFloor` spawns this file as a child; the key pair goes over stdin, never on the
 * command line where `ps` would show it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { signBody, signingHeaders } from '../../electron/protocol/signing';
import { ENDPOINTS } from '../../shared/api/endpoints';

const REFRESH_MS = 10_000;
const CHILD_FLAG = '--exchange-floor-child';
const SIGNED_CALLS = [ENDPOINTS.balance.path, ENDPOINTS.tradeBalance.path, ENDPOINTS.collateralBalance.path];

interface FloorConfig {
  simulatorUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** Starts the floor process; resolves once its first round of calls has answered. */
export async function startExchangeFloor(config: FloorConfig): Promise<{ pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), CHILD_FLAG], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify(config));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the exchange floor exited with status ${code}`)));
  });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        // Stopped already (ended by itself, or by an earlier stop's signal): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function runFloor(config: FloorConfig): Promise<void> {
  const pool = new Pool(config.simulatorUrl, { keepAliveTimeout: 60_000 });
  let nonce = 0;
  const call = async (method: 'GET' | 'POST', path: string): Promise<unknown> => {
    let headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      // Window mode, as the app's client: the time in ms, unique per key.
      nonce = Math.max(Date.now(), nonce + 1);
      const signed = signBody(config.apiSecret, JSON.stringify({ request: path, nonce, nonceWindow: true }));
      body = signed.body;
      headers = { ...headers, 'Content-Type': 'application/json', ...signingHeaders(config.apiKey, signed) };
    }
    const answer = await pool.request({ path, method, headers, body });
    const text = await answer.body.text();
    if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
    return JSON.parse(text);
  };
  const refresh = async () => {
    await Promise.all(SIGNED_CALLS.map((path) => call('POST', path)));
    await call('GET', ENDPOINTS.ticker.path);
  };
  await refresh();
  process.stdout.write('ready\n');
  setInterval(() => void refresh().catch((error: unknown) => console.error(`exchange floor: ${String(error)}`)), REFRESH_MS);
}

if (process.argv.includes(CHILD_FLAG)) {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => (input += chunk));
  process.stdin.on('end', () => void runFloor(JSON.parse(input) as FloorConfig));
}
