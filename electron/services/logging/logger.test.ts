import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signBody } from '../../protocol/signing';
import { createLogger, logFileIn } from './logger';
import { createRedactor, REDACTED } from './redact';

const SECRET = 'Zq8-very-secret-value-91x';

describe('redactor', () => {
  it('removes a registered secret wherever it appears, whatever the field is called', () => {
    const r = createRedactor();
    r.registerSecret(SECRET);
    expect(r.redactText(`failed with ${SECRET}!`)).toBe(`failed with ${REDACTED}!`);
    expect(JSON.stringify(r.redactValue({ note: [`x${SECRET}y`], nested: { deeper: SECRET } }))).not.toContain(SECRET);
    expect(r.containsSecret(`..${SECRET}..`)).toBe(true);
    expect(r.containsSecret('nothing here')).toBe(false);
  });

  it('masks credential-looking fields even when their values were never registered', () => {
    const r = createRedactor();
    const out = r.redactValue({ apiSecret: 'a', apiKey: 'b', 'X-TXC-SIGNATURE': 'c', payload: 'd', token: 'e', nested: { api_key: 'f' }, plain: 'keep', hasSecret: true }) as Record<string, unknown>;
    expect(out).toEqual({ apiSecret: REDACTED, apiKey: REDACTED, 'X-TXC-SIGNATURE': REDACTED, payload: REDACTED, token: REDACTED, nested: { api_key: REDACTED }, plain: 'keep', hasSecret: true });
  });

  it('masks signatures, signed payloads and key=value text', () => {
    const r = createRedactor();
    const signed = signBody('unregistered-secret', JSON.stringify({ request: '/api/v4/main-account/balance', nonce: 1 }));
    const text = `headers x-txc-payload: ${signed.payload} sig ${signed.signature} apiSecret=hunter2hunter2 "token":"abc"`;
    const out = r.redactText(text);
    expect(out).not.toContain(signed.payload);
    expect(out).not.toContain(signed.signature);
    expect(out).not.toContain('hunter2hunter2');
    expect(out).not.toContain('"abc"');
  });

  it('handles errors, cycles and depth without throwing', () => {
    const r = createRedactor();
    r.registerSecret(SECRET);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const error = new Error(`boom ${SECRET}`);
    const out = JSON.stringify(r.redactValue({ error, cyclic }));
    expect(out).not.toContain(SECRET);
    expect(out).toContain('[circular]');
  });
});

describe('logger', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes JSON lines to <userData>/logs/main.log with secrets redacted', () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-log-'));
    const logger = createLogger({ file: logFileIn(dir), level: 'debug' });
    logger.redactor.registerSecret(SECRET);
    logger.info(`message mentioning ${SECRET}`, { apiSecret: 'typed-in-but-not-registered', detail: { text: SECRET } });
    logger.debug('debug line');
    const lines = readFileSync(join(dir, 'logs', 'main.log'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] ?? '') as { level: string; message: string; details: Record<string, unknown> };
    expect(first.level).toBe('info');
    expect(first.message).toBe(`message mentioning ${REDACTED}`);
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain('typed-in-but-not-registered');
  });

  it('drops entries below its level', () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-log-'));
    const logger = createLogger({ file: logFileIn(dir), level: 'warn' });
    logger.info('hidden');
    logger.warn('shown');
    expect(readFileSync(logFileIn(dir), 'utf8')).not.toContain('hidden');
  });
});

describe('logger on a folder it cannot write', () => {
  let dir: string;
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Everything the logger writes to stderr while `body` runs. */
  function stderrOf(body: () => void): string[] {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
    body();
    vi.restoreAllMocks();
    return lines;
  }

  it('does not throw when its folder cannot be created, and says once that entries go to stderr', () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-log-'));
    // A file where the user-data folder should be: even root cannot create logs/ inside it.
    const notAFolder = join(dir, 'user-data');
    writeFileSync(notAFolder, 'a file, not a folder');
    const lines = stderrOf(() => {
      const logger = createLogger({ file: logFileIn(notAFolder) });
      logger.info('first entry', { n: 1 });
      logger.error('second entry', { apiSecret: 'typed-in-secret' });
    });
    expect(lines[0]).toBe(`log: cannot write ${logFileIn(notAFolder)} (a part of the path is a file, not a folder); log entries go to stderr instead.`);
    expect(lines.filter((l) => l.startsWith('log: '))).toHaveLength(1);
    expect(lines.slice(1).map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['first entry', 'second entry']);
    expect(lines.join('\n')).not.toContain('typed-in-secret');
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('falls back to stderr when the disk is full', () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-log-'));
    if (!existsSync('/dev/full')) return;
    const lines = stderrOf(() => {
      const logger = createLogger({ file: '/dev/full' });
      logger.warn('one');
      logger.warn('two');
    });
    expect(lines[0]).toBe('log: cannot write /dev/full (the disk is full); log entries go to stderr instead.');
    expect(lines).toHaveLength(3);
  });
});
