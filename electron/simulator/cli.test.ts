import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { parseArguments } from './cliArgs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// tsx itself, not `npx tsx`: npm's wrapper dies on SIGTERM without passing it on, which would leave
// the simulator running as an orphan. tsx relays the signal and exits with the simulator's code.
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

function spawnCli(args: string[], onFirstLine?: (line: string, stop: () => void) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Own process group, so the safety net below can end tsx and its node child together.
    const child = spawn(TSX, ['electron/simulator/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let sawLine = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!sawLine && stdout.includes('\n') && onFirstLine) {
        sawLine = true;
        onFirstLine(stdout.slice(0, stdout.indexOf('\n')), () => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    const safetyNet = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, 25_000);
    child.on('exit', (code) => {
      clearTimeout(safetyNet);
      resolve({ stdout, stderr, code });
    });
  });
}

describe('simulator CLI', () => {
  it('prints exactly one ready line, serves, and exits 0 on SIGTERM', async () => {
    let pingStatus = 0;
    let ready: { event: string; url: string; adminToken: string; accounts: { name: string; apiKey: string; apiSecret: string; b2b: boolean; eea: boolean }[] } | null = null;
    const run = await spawnCli(['--port', '0', '--seed', '42'], (line, stop) => {
      ready = JSON.parse(line);
      fetch(`${ready!.url}${ENDPOINTS.ping.path}`)
        .then((r) => (pingStatus = r.status))
        .finally(stop);
    });
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(ready).not.toBeNull();
    const r = ready!;
    expect(Object.keys(r)).toEqual(['event', 'url', 'adminToken', 'accounts']);
    expect(r.event).toBe('ready');
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(r.adminToken.length).toBeGreaterThanOrEqual(24);
    expect(r.accounts.map((a) => a.name)).toEqual(['Main (B2B)', 'Trader', 'Read-only', 'Empty', 'EEA (Travel Rule)']);
    for (const a of r.accounts) expect(Object.keys(a)).toEqual(['name', 'apiKey', 'apiSecret', 'b2b', 'eea']);
    expect(pingStatus).toBe(200);
    // Diagnostics never repeat the credentials.
    for (const a of r.accounts) expect(run.stderr).not.toContain(a.apiSecret);
  }, 30_000);

  it('exits 2 with a clear message on a bad port', async () => {
    const run = await spawnCli(['--port', 'eighty']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--port needs an integer value/);
  }, 30_000);
});

describe('argument parsing', () => {
  it.each([
    [['--port', '0'], { port: 0 }],
    [['--port=8123', '--seed', '7'], { port: 8123, seed: 7 }],
    [['--port', '1', '--withdrawal-settle-ms', '250', '--no-rate-limits'], { port: 1, withdrawalSettleMs: 250, rateLimits: false }],
  ])('%j', (argv, expected) => {
    expect(parseArguments(argv)).toEqual(expected);
  });

  it.each([
    [[], /--port is required/],
    [['--port', '70000'], /from 0 to 65535/],
    [['--port=-1'], /from 0 to 65535/],
    [['--port'], /needs an integer/],
    [['--port', '1', '--seed', 'x'], /--seed needs an integer/],
    [['--port', '1', '--frobnicate'], /unknown argument/],
  ])('refuses %j', (argv, message) => {
    expect(parseArguments(argv)).toMatch(message);
  });
});
