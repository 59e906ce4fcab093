import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaticFiles } from './files';

let base: string;
let root: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'desk-static-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'export {};');
  writeFileSync(join(base, 'secret.txt'), 'outside');
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('the built renderer served from memory', () => {
  it('serves a file with its type, and index.html for the root and client-side routes', async () => {
    const files = createStaticFiles(root);
    const script = await files.read('/assets/app-1.js');
    expect(script?.body.toString()).toBe('export {};');
    expect(script?.contentType).toBe('text/javascript; charset=utf-8');
    expect((await files.read('/'))?.body.toString()).toBe('<!doctype html>');
    expect((await files.read('/balances'))?.contentType).toBe('text/html; charset=utf-8');
  });

  it('reads a file once: later requests are answered from memory', async () => {
    const files = createStaticFiles(root);
    await files.read('/assets/app-1.js');
    writeFileSync(join(root, 'assets', 'app-1.js'), 'changed on disk');
    expect((await files.read('/assets/app-1.js'))?.body.toString()).toBe('export {};');
    // Another spelling of the same file is the same entry.
    expect((await files.read('/assets//app-1.js'))?.body.toString()).toBe('export {};');
  });

  it('does not remember a miss: a file that appears later is served', async () => {
    const files = createStaticFiles(root);
    expect(await files.read('/assets/late.js')).toBeNull();
    writeFileSync(join(root, 'assets', 'late.js'), 'late');
    expect((await files.read('/assets/late.js'))?.body.toString()).toBe('late');
  });

  it('still checks every request: nothing outside the folder, however asked', async () => {
    const files = createStaticFiles(root);
    symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'));
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/link.txt', '/assets/..%2f..%2fsecret.txt']) expect(await files.read(path), path).toBeNull();
  });
});
