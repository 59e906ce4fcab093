/**
 * The launcher as a real child process (from source through tsx): flag validation, the single
 * ready line, a working browser-mode server behind it, and a clean exit on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findElectronBinary } from './electron-binary';
import { parseLaunchArgs, UsageError } from './launch-args';
import { unprivilegedRunner } from './test/unprivileged';

const LAUNCH = fileURLToPath(new URL('./launch.ts', import.meta.url));
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'desk-launch-'));
  mkdirSync(join(root, 'renderer'));
  writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><title>launch test</title>');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The launcher as `npm start` runs it (through tsx here). */
function launch(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', LAUNCH, ...args], {
    env: { ...process.env, DESK_RENDERER_DIR: join(root, 'renderer') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

describe('launcher flags', () => {
  it('parses the documented flags in both spellings', () => {
    expect(parseLaunchArgs(['--browser', '--port', '8123', '--no-open', '--user-data-dir', '/tmp/u'])).toEqual({ browser: true, port: 8123, open: false, userDataDir: '/tmp/u', help: false });
    expect(parseLaunchArgs(['--port=0', '--user-data-dir=/tmp/v'])).toMatchObject({ port: 0, userDataDir: '/tmp/v', browser: false, open: true });
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--port', '-1']],
    [['--port']],
    [['--port', '--browser']],
    [['--user-data-dir']],
    [['--user-data-dir', '']],
    [['--browser=yes']],
    [['--browser', '--browser']],
    [['--unknown']],
    [['positional']],
  ])('refuses %j', (args) => {
    expect(() => parseLaunchArgs(args)).toThrow(UsageError);
  });

  it('exits 2 with a clear message on a bad flag', async () => {
    const run = launch(['--port', 'eighty']);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain('--port must be a whole number from 0 to 65535');
    expect(run.stdout()).toBe('');
  });
});

/** Waits until the launcher has printed what `ready` looks for (the app starts in a child process). */
function printed(ready: () => boolean): Promise<void> {
  return vi.waitFor(() => expect(ready()).toBe(true), { timeout: 20_000, interval: 20 });
}

describe('browser mode through the launcher', () => {
  it('prints one ready line, serves the API with its token, and exits cleanly on SIGTERM', async () => {
    const userDataDir = join(root, 'user-data');
    const run = launch(['--browser', '--no-open', '--port', '0', '--user-data-dir', userDataDir]);
    await printed(() => run.stdout().includes('\n'));
    const lines = run.stdout().trim().split('\n');
    expect(lines).toHaveLength(1);
    const ready = JSON.parse(lines[0] ?? '') as { event: string; url: string };
    expect(ready.event).toBe('ready');
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(run.stderr().trim().split('\n')).toEqual(['launch: browser mode (--browser given)']);

    const url = new URL(ready.url);
    const token = url.searchParams.get('token')!;
    const answer = await fetch(new URL('/api/invoke', url), { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-token': token }, body: JSON.stringify({ channel: 'app.info', payload: {} }) });
    expect(await answer.json()).toMatchObject({ ok: true, data: { mode: 'browser' } });
    const page = await fetch(new URL('/', url));
    expect(await page.text()).toContain('launch test');

    // Every folder the app made under the user-data folder is private to this user.
    await fetch(new URL('/api/invoke', url), { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-token': token }, body: JSON.stringify({ channel: 'settings.update', payload: { theme: 'dark' } }) });
    const folders = [userDataDir, ...readdirSync(userDataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name))];
    expect(folders.length).toBeGreaterThan(1);
    for (const folder of folders) expect((statSync(folder).mode & 0o777).toString(8), folder).toBe('700');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});

describe('two browser-mode launches on one user-data folder', () => {
  it('the second exits 3 with the message, writes nothing, and the first keeps serving', async () => {
    const userDataDir = join(root, 'shared-user-data');
    const first = launch(['--browser', '--no-open', '--port', '0', '--user-data-dir', userDataDir]);
    try {
      await printed(() => first.stdout().includes('\n'));
      const ready = JSON.parse(first.stdout().trim()) as { url: string };
      const before = readdirSync(userDataDir, { recursive: true }).sort();

      const second = launch(['--browser', '--no-open', '--port', '0', '--user-data-dir', userDataDir]);
      expect(await second.exited).toBe(3);
      expect(second.stdout()).toBe('');
      expect(second.stderr()).toContain(
        `launch: The data folder ${userDataDir} is in use by another WhiteBIT Desk (pid ${first.child.pid}). Close it first, or start with --user-data-dir <another folder>.`,
      );
      expect(readdirSync(userDataDir, { recursive: true }).sort()).toEqual(before);

      const url = new URL(ready.url);
      const answer = await fetch(new URL('/api/invoke', url), { method: 'POST', headers: { 'content-type': 'application/json', 'x-desk-token': url.searchParams.get('token')! }, body: JSON.stringify({ channel: 'app.info', payload: {} }) });
      expect(await answer.json()).toMatchObject({ ok: true });
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});

describe('a start that cannot go on says why, not a stack trace', () => {
  it('a database from a newer app: exits 4 naming the file, what was kept and what to do; the file is untouched', async () => {
    const userDataDir = join(root, 'newer-database');
    mkdirSync(userDataDir, { mode: 0o700 });
    const file = join(userDataDir, 'desk.sqlite3');
    const { default: Database } = await import('better-sqlite3');
    const raw = new Database(file);
    raw.pragma('user_version = 9999');
    raw.close();
    const before = readFileSync(file);
    const run = launch(['--browser', '--no-open', '--port', '0', '--user-data-dir', userDataDir]);
    expect(await run.exited).toBe(4);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toContain(`launch: The database ${file} was written by a newer WhiteBIT Desk. It was left as it is. Update the app, or start with --user-data-dir <another folder>.`);
    expect(run.stderr()).not.toMatch(/\n\s+at /);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('browser mode on a read-only user-data folder', () => {
  it('starts and serves reads as a non-root user, printing one clear warning and no stack trace', async (context) => {
    const runner = unprivilegedRunner();
    if ('skip' in runner) {
      process.stdout.write(`skipped: ${runner.skip}\n`);
      context.skip();
      return;
    }
    const base = mkdtempSync(join(tmpdir(), 'desk-launch-ro-'));
    const userDataDir = join(base, 'user-data');
    mkdirSync(join(base, 'renderer'));
    writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html><title>launch test</title>');
    mkdirSync(userDataDir);
    runner.handOver(base);
    chmodSync(userDataDir, 0o500);
    const command = runner.nodeCommand(['--import', 'tsx', LAUNCH, '--browser', '--no-open', '--port', '0', '--user-data-dir', userDataDir]);
    const child = spawn(command.program, command.args, { env: { ...process.env, DESK_RENDERER_DIR: join(base, 'renderer') }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await printed(() => out.includes('\n') || child.exitCode !== null);
      expect(err).not.toMatch(/\n\s+at /);
      const ready = JSON.parse(out.trim()) as { url: string };
      const url = new URL(ready.url);
      const invoke = async (channel: string, payload: unknown) =>
        (await fetch(new URL('/api/invoke', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-desk-token': url.searchParams.get('token')! },
          body: JSON.stringify({ channel, payload }),
        }).then((r) => r.json())) as { ok: boolean; error?: { message: string } };
      expect((await invoke('settings.get', {})).ok).toBe(true);
      expect((await invoke('accounts.list', {})).ok).toBe(true);
      const refused = await invoke('settings.update', { theme: 'dark' });
      expect(refused.error?.message).toBe(`The settings could not be saved in ${userDataDir} (permission denied). Nothing was changed.`);
      const warnings = err.split('\n').filter((l) => l.startsWith('launch: warning:'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(userDataDir);
      expect(warnings[0]).toContain('permission denied');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      chmodSync(userDataDir, 0o700);
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('browser mode port in use', () => {
  it('exits 1 and says so', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = launch(['--browser', '--no-open', '--port', String(port), '--user-data-dir', join(root, 'busy')]);
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toContain(`port ${port} is already in use`);
      expect(run.stdout()).toBe('');
    } finally {
      blocker.close();
    }
  });
});

describe('finding Electron without loading it', () => {
  function fakeInstall(withBinary: boolean): string {
    const base = mkdtempSync(join(root, 'install-'));
    const pkg = join(base, 'node_modules', 'electron');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
    // index.js would throw if loaded: detection must never require the package.
    writeFileSync(join(pkg, 'index.js'), 'throw new Error("electron index.js must not be loaded")');
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    if (withBinary) {
      writeFileSync(join(pkg, 'dist', 'electron'), '#!/bin/sh\n');
      chmodSync(join(pkg, 'dist', 'electron'), 0o755);
    }
    return pathToFileURL(join(base, 'launcher.js')).href;
  }

  it('finds the binary named by path.txt', () => {
    const found = findElectronBinary(fakeInstall(true));
    expect('path' in found && found.path.endsWith(join('dist', 'electron'))).toBe(true);
  });

  it('reports why when the binary is missing', () => {
    const found = findElectronBinary(fakeInstall(false));
    expect('missing' in found && found.missing).toMatch(/does not exist/);
    const none = findElectronBinary(pathToFileURL(join(root, 'nowhere', 'x.js')).href);
    expect('missing' in none).toBe(true);
  });
});
