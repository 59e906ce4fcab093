/**
 * An internal error says "Details are in the log" only while the log file is written: on a
 * read-only folder (as a non-root user: root writes anywhere) the entry goes to stderr instead, and
 * the person is not sent to look for a file that has none of it.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../services/logging';
import { unprivilegedRunner } from '../test/unprivileged';
import { createRouter, type Handlers } from './index';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

const failing = { 'app.info': async () => { throw new Error('boom'); } } as unknown as Handlers;

describe('the log pointer in internal errors', () => {
  it('is there when the log file is written, and the entry is in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-logptr-'));
    folders.push(dir);
    const logger = createLogger({ file: join(dir, 'logs', 'main.log') });
    const router = createRouter(failing, { logger, isTrustedSender: () => true });
    const answer = await router.route('app.info', {}, { transport: 'direct' });
    expect(answer).toEqual({ ok: false, error: { kind: 'internal', message: 'Something went wrong inside the app. Details are in the log.' } });
    expect(readFileSync(join(dir, 'logs', 'main.log'), 'utf8')).toContain('handler failed unexpectedly');
  });

  it('is left out when the log cannot be written (read-only folder, as a non-root user)', async (context) => {
    const runner = unprivilegedRunner();
    if ('skip' in runner) return context.skip(runner.skip);
    const parent = mkdtempSync(join(tmpdir(), 'desk-logptr-'));
    folders.push(parent);
    const dir = join(parent, 'user-data');
    mkdirSync(dir);
    runner.handOver(parent);
    chmodSync(dir, 0o500);
    const scenario = fileURLToPath(new URL('./test/log-pointer.scenario.ts', import.meta.url));
    const run = await runner.run<{ message: string; writesToFile: boolean }>(scenario, [dir]);
    expect(run.result).toEqual({ message: 'Something went wrong inside the app.', writesToFile: false });
    expect(run.stderr).toContain('handler failed unexpectedly');
  });
});
