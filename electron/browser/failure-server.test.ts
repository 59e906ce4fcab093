/**
 * Browser mode's failure page server over real HTTP: the built-page files only, loopback Host
 * only, and it ends when the page says it was closed unless the page is asked for again (a reload).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARTUP_FAILURE_CLOSED_PATH, type StartupFailure } from '../../shared/model/startupFailure';
import { startFailurePageServer, type FailurePageServer } from './failure-server';

// Long enough for the reload request to arrive on a loaded machine, short enough not to wait for seconds.
const GRACE_MS = 1_000;
const failure: StartupFailure = { code: 'folder_in_use', folder: '/tmp/x', file: null, cause: null, pid: 42 };
let dir: string;
let server: FailurePageServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-failure-page-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>');
  server = await startFailurePageServer({ staticDir: dir, failure, lifetimeMs: 60_000, reloadGraceMs: GRACE_MS });
});

afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const origin = () => new URL(server.url).origin;
const settled = (promise: Promise<void>, ms: number) => Promise.race([promise.then(() => 'done'), new Promise((r) => setTimeout(() => r('open'), ms))]);

describe('failure page server', () => {
  it('serves the page at a URL that carries the failure and no token, and has no API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#startup-failure=/);
    expect(server.url).not.toContain('token');
    const page = await fetch(origin() + '/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>page</title>');
    expect((await fetch(origin() + '/api/invoke', { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(origin() + '/', { headers: { Host: 'evil.example' } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject).end();
    });
    expect(status).toBe(403);
  });

  it('ends after the closed beacon, but not when the page is asked for again within the grace', async () => {
    await fetch(origin() + STARTUP_FAILURE_CLOSED_PATH, { method: 'POST' });
    await fetch(origin() + '/');
    expect(await settled(server.done, GRACE_MS + 500)).toBe('open');
    await fetch(origin() + STARTUP_FAILURE_CLOSED_PATH, { method: 'POST' });
    expect(await settled(server.done, GRACE_MS + 1_000)).toBe('done');
  }, 15_000);
});
