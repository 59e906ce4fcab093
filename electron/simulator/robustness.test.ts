import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { RATE_BUDGETS } from './rateLimit';
import { startSimulator, type RunningSimulator } from './index';
import { clientFor, type SimClient } from './test/admin-client';
import { simulatorForFile } from './test/perFile';

const BALANCE = ENDPOINTS.balance.path;
const HISTORY = ENDPOINTS.history.path;

let sim: RunningSimulator;
let main: SimClient;

simulatorForFile({ seed: 42 }, (started) => ({ sim, main } = started));

/** Writes raw bytes on a fresh TCP connection and returns whatever comes back. */
function rawExchange(request: string | Buffer, closeAfterWrite = false): Promise<string> {
  const { port } = new URL(sim.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.write(request, () => {
      if (closeAfterWrite) socket.destroy();
    });
    setTimeout(() => socket.destroy(), 2000);
  });
}

describe('bodies', () => {
  it('refuses a body over 64 KiB with 413 in the private format and keeps serving', async () => {
    const big = main.bodyFor(BALANCE, { padding: 'x'.repeat(70 * 1024) });
    const res = await main.postBody(BALANCE, big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 0, message: 'Payload too large.', errors: {} });
    expect((await main.post(BALANCE)).status).toBe(200);
  });

  it('refuses an oversize chunked body (no Content-Length) too', async () => {
    const chunk = 'a'.repeat(16 * 1024);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await rawExchange(`POST ${BALANCE} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('ignores unknown fields, as the exchange does', async () => {
    expect((await main.post(BALANCE, { someday: 'maybe', nested: { deep: [1, 2, 3] } })).status).toBe(200);
  });

  it('survives deep nesting, odd bytes and huge numbers', async () => {
    const deep = main.bodyFor(BALANCE).replace(/}$/, `,"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    expect((await main.postBody(BALANCE, deep)).status).toBe(200);
    const huge = main.bodyFor(ENDPOINTS.codes.path).replace(/}$/, `,"offset":${'9'.repeat(400)}}`);
    expect((await main.postBody(ENDPOINTS.codes.path, huge)).body).toMatchObject({ errors: { offset: ['The offset must be an integer.'] } });
    const latin1 = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const res = await main.send(BALANCE, latin1, {});
    expect(res.status).toBe(401);
    expect((await main.post(BALANCE)).status).toBe(200);
  });

  it('survives a client that disconnects mid-body', async () => {
    await rawExchange(`POST ${BALANCE} HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{"request":`, true);
    await rawExchange('GARBAGE\r\n\r\n');
    expect((await main.post(BALANCE)).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers unknown paths 404 with an empty body (as the exchange documents) and wrong methods 405', async () => {
    const unknownGet = await main.get('/api/v4/public/nothing');
    expect(unknownGet.status).toBe(404);
    expect(unknownGet.text).toBe('');
    const unknownPost = await main.post('/api/v4/main-account/nothing');
    expect(unknownPost.status).toBe(404);
    expect(unknownPost.text).toBe('');
    expect((await main.get(BALANCE)).status).toBe(405);
    expect((await fetch(sim.url + ENDPOINTS.ping.path, { method: 'POST' })).status).toBe(405);
  });
});

/** Statuses of `count` unsigned POSTs, sent 20 at a time. */
async function statusesOf(url: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 20) {
    const batch = Array.from({ length: Math.min(20, count - sent) }, () => fetch(url, { method: 'POST', body: '{}' }).then((r) => r.status));
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

describe('rate limits', () => {
  it(`answer 429 with Retry-After past a scope's budget (history: ${RATE_BUDGETS.history} per 10 s), per scope`, async () => {
    const limited = await startSimulator({ seed: 42 });
    try {
      const client = clientFor(limited, 'Main (B2B)');
      const budget = RATE_BUDGETS.history;
      // Unsigned requests count too: limits apply before authentication, as at a gateway.
      const answers = await statusesOf(limited.url + HISTORY, budget);
      expect(answers.every((s) => s === 401)).toBe(true);
      const over = await client.post(HISTORY, { limit: 10, offset: 0 });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ code: 0, errors: {}, message: 'Too many requests.' });
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect((await client.post(BALANCE)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('are off when the simulator is started with rateLimits: false', async () => {
    const open = await startSimulator({ seed: 42, rateLimits: false });
    try {
      const budget = RATE_BUDGETS.history;
      const answers = await statusesOf(open.url + HISTORY, budget + 20);
      expect(answers.includes(429)).toBe(false);
    } finally {
      await open.close();
    }
  });
});

describe('lifecycle', () => {
  it('close() is idempotent and frees the port', async () => {
    const temp = await startSimulator({ rateLimits: false });
    await Promise.all([temp.close(), temp.close()]);
    await expect(fetch(temp.url + ENDPOINTS.ping.path)).rejects.toThrow();
  });

  it('refuses bad options', async () => {
    await expect(startSimulator({ port: 70_000 })).rejects.toThrow(/port/);
    await expect(startSimulator({ seed: 1.5 })).rejects.toThrow(/seed/);
  });
});
