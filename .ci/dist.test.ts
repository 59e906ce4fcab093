import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  checkElectron,
  checksumsUrl,
  electronCacheRoot,
  isCached,
  probe,
  targetArchitectures,
  type ElectronCheckInput,
} from './dist';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const config = parse(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as unknown;

let scratch: string;
let server: Server;
let serverUrl: string;
let closedPortUrl: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'dist-test-'));
  server = createServer((request, response) => {
    if (request.url?.startsWith('/hang')) return; // never answers
    response.statusCode = request.url?.includes('/v45.4.1/') ? 200 : request.url?.startsWith('/moved') ? 302 : 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

function input(overrides: Partial<ElectronCheckInput>): ElectronCheckInput {
  return {
    version: '45.4.1',
    platform: 'linux',
    archs: ['x64'],
    hostArch: 'x64',
    env: {},
    cacheRoot: join(scratch, 'no-cache-here'),
    installedBinary: false,
    reach: async () => ({ reachable: false, reason: 'ENOTFOUND' }),
    ...overrides,
  };
}

describe('what the current OS builds', () => {
  it('reads the architectures per OS from electron-builder.yml', () => {
    expect(targetArchitectures(config, 'win').sort()).toEqual(['arm64', 'x64']);
    expect(targetArchitectures(config, 'mac').sort()).toEqual(['arm64', 'x64']);
    expect(targetArchitectures(config, 'linux')).toEqual(['x64']);
  });

  it('defaults to x64 where a target names no architecture', () => {
    expect(targetArchitectures({ linux: { target: ['AppImage'] } }, 'linux')).toEqual(['x64']);
  });
});

describe('where Electron would come from', () => {
  it('looks in the @electron/get cache of each OS', () => {
    expect(electronCacheRoot({}, 'linux', '/home/u')).toBe(join('/home/u', '.cache', 'electron'));
    expect(electronCacheRoot({ XDG_CACHE_HOME: '/xdg' }, 'linux', '/home/u')).toBe(join('/xdg', 'electron'));
    expect(electronCacheRoot({}, 'darwin', '/Users/u')).toBe(join('/Users/u', 'Library', 'Caches', 'electron'));
    expect(electronCacheRoot({ LOCALAPPDATA: 'C:/AppData/Local' }, 'win32', 'C:/Users/u')).toBe(join('C:/AppData/Local', 'electron', 'Cache'));
    expect(electronCacheRoot({ electron_config_cache: '/custom' }, 'linux')).toBe('/custom');
  });

  it('finds a zip under the per-URL hash directory the cache uses', () => {
    const cacheRoot = join(scratch, 'cache');
    mkdirSync(join(cacheRoot, '3f9a0c'), { recursive: true });
    writeFileSync(join(cacheRoot, '3f9a0c', 'electron-v45.4.1-linux-x64.zip'), 'zip');

    expect(isCached(cacheRoot, 'electron-v45.4.1-linux-x64.zip')).toBe(true);
    expect(isCached(cacheRoot, 'electron-v45.4.1-linux-arm64.zip')).toBe(false);
    expect(isCached(join(scratch, 'missing'), 'electron-v45.4.1-linux-x64.zip')).toBe(false);
  });

  it('probes the checksum file at the configured mirror', () => {
    expect(checksumsUrl({}, '45.4.1')).toBe('https://github.com/electron/electron/releases/download/v45.4.1/SHASUMS256.txt');
    expect(checksumsUrl({ ELECTRON_MIRROR: 'https://mirror.example/electron' }, '45.4.1')).toBe(
      'https://mirror.example/electron/v45.4.1/SHASUMS256.txt',
    );
    expect(checksumsUrl({ ELECTRON_MIRROR: 'https://m.example/', ELECTRON_CUSTOM_DIR: '{{ version }}' }, '45.4.1')).toBe(
      'https://m.example/45.4.1/SHASUMS256.txt',
    );
  });
});

describe('probe', () => {
  it('counts a success or a redirect as reachable', async () => {
    expect(await probe(`${serverUrl}/v45.4.1/SHASUMS256.txt`)).toEqual({ reachable: true });
    expect(await probe(`${serverUrl}/moved`)).toEqual({ reachable: true });
  });

  it('counts an error status as unreachable: proxies answer for hosts they block', async () => {
    expect(await probe(`${serverUrl}/v0.0.0/SHASUMS256.txt`)).toEqual({ reachable: false, reason: 'HTTP 404' });
  });

  it('reports a refused connection', async () => {
    expect(await probe(`${closedPortUrl}/x`)).toEqual({ reachable: false, reason: 'ECONNREFUSED' });
  });

  it('gives up on a host that never answers instead of waiting for it', async () => {
    // The reason names the probe's own timer: it, not the host, ended the wait.
    expect(await probe(`${serverUrl}/hang`, 300)).toEqual({ reachable: false, reason: 'no answer within 0.3 s' });
  });
});

describe('checkElectron', () => {
  it('refuses when nothing is cached and the download host is unreachable, naming what is missing and the fixes', async () => {
    const check = await checkElectron(input({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } }));

    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problem).toContain('electron-v45.4.1-linux-x64.zip not in the cache');
    expect(check.problem).toContain('not installed in node_modules/electron');
    expect(check.problem).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    expect(check.problem).toContain('https://github.com cannot be reached (ENOTFOUND)');
    expect(check.fix).toContain('internet access');
    expect(check.fix).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(check.fix).toContain('electronDist');
  });

  it('lists every missing architecture', async () => {
    const check = await checkElectron(input({ platform: 'win32', archs: ['x64', 'arm64'] }));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problem).toContain('electron-v45.4.1-win32-x64.zip, electron-v45.4.1-win32-arm64.zip');
  });

  it('goes ahead when the download host is reachable, saying whether it will download', async () => {
    const reachable = async () => ({ reachable: true as const });
    const downloading = await checkElectron(input({ reach: reachable }));
    expect(downloading).toEqual({ ok: true, builderArgs: [], note: 'electron-builder will download electron-v45.4.1-linux-x64.zip' });

    const cacheRoot = join(scratch, 'full-cache');
    mkdirSync(join(cacheRoot, 'abc'), { recursive: true });
    writeFileSync(join(cacheRoot, 'abc', 'electron-v45.4.1-linux-x64.zip'), 'zip');
    const cached = await checkElectron(input({ reach: reachable, cacheRoot }));
    expect(cached).toEqual({ ok: true, builderArgs: [], note: 'Electron is in the download cache' });
  });

  it('asks the mirror, not GitHub, when ELECTRON_MIRROR is set', async () => {
    const asked: string[] = [];
    await checkElectron(input({
      env: { ELECTRON_MIRROR: 'https://mirror.example/e/' },
      reach: async (url) => (asked.push(url), { reachable: true }),
    }));
    expect(asked).toEqual(['https://mirror.example/e/v45.4.1/SHASUMS256.txt']);
  });

  it('uses ELECTRON_OVERRIDE_DIST_PATH as electronDist for the host architecture only, without probing', async () => {
    const dist = join(scratch, 'electron-dist');
    mkdirSync(dist, { recursive: true });
    let probed = false;
    const check = await checkElectron(input({
      env: { ELECTRON_OVERRIDE_DIST_PATH: dist },
      archs: ['x64', 'arm64'],
      hostArch: 'arm64',
      reach: async () => ((probed = true), { reachable: false, reason: 'x' }),
    }));

    expect(check).toMatchObject({ ok: true, builderArgs: [`-c.electronDist=${dist}`, '--arm64'] });
    expect(probed).toBe(false);
  });

  it('refuses an ELECTRON_OVERRIDE_DIST_PATH that is not a directory', async () => {
    const check = await checkElectron(input({ env: { ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'nope') } }));
    expect(check).toMatchObject({ ok: false, problem: expect.stringContaining('ELECTRON_OVERRIDE_DIST_PATH is set to') });
  });
});

describe('npm run dist without a way to get Electron', () => {
  it('prints the problem and the fix, exits non-zero, and does not start the build', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, '.ci', 'dist.ts')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        ELECTRON_MIRROR: `${closedPortUrl}/`,
        ELECTRON_OVERRIDE_DIST_PATH: '',
        electron_config_cache: join(scratch, 'empty-cache'),
      },
    });

    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^dist: cannot package: Electron \S+ for \w+ .*cannot be reached \(ECONNREFUSED\)\.$/);
    expect(lines[1]).toMatch(/^dist: fix: run `npm run dist` on a machine with internet access.*ELECTRON_OVERRIDE_DIST_PATH/);
    expect(result.stdout).toBe('');
  });
});
