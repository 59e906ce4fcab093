// `npm run dist`: builds the app, then packages installers for the current OS with electron-builder
// (targets in electron-builder.yml). Extra arguments go to electron-builder: `npm run dist -- --dir`.
//
// electron-builder needs the Electron distribution for every target architecture and downloads it
// when it is not cached. Where that cannot work (no network to the download host, nothing cached)
// it would fail late or sit on a download; this script checks first and says what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';
export const PROBE_TIMEOUT_MS = 5_000;

type BuilderOs = 'win' | 'mac' | 'linux';
const BUILDER_OS: Partial<Record<NodeJS.Platform, BuilderOs>> = { win32: 'win', darwin: 'mac', linux: 'linux' };

/** Architectures electron-builder.yml asks for on one OS (the union over its targets). */
export function targetArchitectures(config: unknown, os: BuilderOs): string[] {
  const section = (config as Record<string, { target?: unknown }> | null)?.[os];
  const targets = Array.isArray(section?.target) ? section.target : [];
  const archs = new Set<string>();
  for (const target of targets) {
    const arch = typeof target === 'object' && target !== null ? (target as { arch?: unknown }).arch : undefined;
    for (const value of Array.isArray(arch) ? arch : arch === undefined ? ['x64'] : [arch]) archs.add(String(value));
  }
  return archs.size > 0 ? [...archs] : ['x64'];
}

/** Where @electron/get (used by both the electron package and electron-builder) caches downloads. */
export function electronCacheRoot(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home = homedir()): string {
  if (env.electron_config_cache) return env.electron_config_cache;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'electron');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'electron', 'Cache');
  return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'electron');
}

/** The cache keeps each file under a directory named by a hash of its URL, so look one level down. */
export function isCached(cacheRoot: string, fileName: string): boolean {
  if (!existsSync(cacheRoot)) return false;
  if (existsSync(join(cacheRoot, fileName))) return true;
  return readdirSync(cacheRoot, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && existsSync(join(cacheRoot, entry.name, fileName)),
  );
}

/** The checksum list electron-builder fetches for this version, at the mirror @electron/get would use. */
export function checksumsUrl(env: NodeJS.ProcessEnv, version: string): string {
  const mirror = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror ?? DEFAULT_MIRROR;
  const directory = (env.ELECTRON_CUSTOM_DIR ?? `v${version}`).replace('{{ version }}', version);
  return `${mirror.endsWith('/') ? mirror : `${mirror}/`}${directory}/SHASUMS256.txt`;
}

export type Reachability = { reachable: true } | { reachable: false; reason: string };

/**
 * Whether `url` can be downloaded: a success or a redirect (GitHub redirects release files to its
 * CDN) within the timeout. Any other status counts as unreachable, because proxies and captive
 * portals answer for hosts they will not let through.
 */
export async function probe(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<Reachability> {
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    return response.status < 400 ? { reachable: true } : { reachable: false, reason: `HTTP ${response.status}` };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { reachable: false, reason: `no answer within ${timeoutMs / 1000} s` };
    }
    const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
    return { reachable: false, reason: cause?.code ?? cause?.message ?? String(error) };
  }
}

export interface ElectronCheckInput {
  version: string;
  platform: NodeJS.Platform;
  archs: string[];
  hostArch: string;
  env: NodeJS.ProcessEnv;
  cacheRoot: string;
  /** node_modules/electron: path.txt and the binary it names exist when its install step downloaded Electron. */
  installedBinary: boolean;
  reach: (url: string) => Promise<Reachability>;
}

export type ElectronCheck =
  | { ok: true; builderArgs: string[]; note: string }
  | { ok: false; problem: string; fix: string };

export async function checkElectron(input: ElectronCheckInput): Promise<ElectronCheck> {
  const { version, platform, env } = input;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    if (!existsSync(override) || !statSync(override).isDirectory()) {
      return {
        ok: false,
        problem: `ELECTRON_OVERRIDE_DIST_PATH is set to ${override}, which is not a directory.`,
        fix: `point it at an unpacked Electron ${version} for ${platform}-${input.hostArch}, or unset it to download Electron.`,
      };
    }
    // One unpacked distribution is one architecture: build only the host's.
    return {
      ok: true,
      builderArgs: [`-c.electronDist=${override}`, `--${input.hostArch}`],
      note: `using Electron from ELECTRON_OVERRIDE_DIST_PATH (${override}), ${input.hostArch} only`,
    };
  }

  const zipName = (arch: string) => `electron-v${version}-${platform}-${arch}.zip`;
  const missing = input.archs.filter((arch) => !isCached(input.cacheRoot, zipName(arch)));
  const downloadUrl = checksumsUrl(env, version);
  const reachability = await input.reach(downloadUrl);
  if (reachability.reachable) {
    const note = missing.length === 0 ? 'Electron is in the download cache' : `electron-builder will download ${missing.map(zipName).join(', ')}`;
    return { ok: true, builderArgs: [], note };
  }

  const reasons = [
    missing.length > 0 ? `${missing.map(zipName).join(', ')} not in the cache ${input.cacheRoot}` : null,
    input.installedBinary ? null : 'not installed in node_modules/electron',
    env.ELECTRON_SKIP_BINARY_DOWNLOAD ? 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' : null,
    `${new URL(downloadUrl).origin} cannot be reached (${reachability.reason})`,
  ].filter((reason): reason is string => reason !== null);
  return {
    ok: false,
    problem: `Electron ${version} for ${platform} (${input.archs.join(', ')}) cannot be obtained here: ${reasons.join('; ')}.`,
    fix:
      'run `npm run dist` on a machine with internet access (CI builds installers on every push), or set ' +
      `ELECTRON_OVERRIDE_DIST_PATH to an unpacked Electron ${version} for ${platform}-${input.hostArch} (passed to electron-builder as electronDist).`,
  };
}

function installedElectronBinary(): boolean {
  const pathFile = join(REPO_ROOT, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return false;
  return existsSync(join(REPO_ROOT, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim()));
}

function run(command: string, args: string[]): number {
  // npm is a .cmd script on Windows, which only a shell can start.
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', shell: process.platform === 'win32' && command === 'npm' });
  return result.status ?? 1;
}

async function main(): Promise<number> {
  const os = BUILDER_OS[process.platform];
  if (!os) {
    console.error(`dist: electron-builder cannot package on ${process.platform}; use Windows, macOS or Linux.`);
    return 1;
  }
  const require = createRequire(import.meta.url);
  const version = (require('electron/package.json') as { version: string }).version;
  const config = parse(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as unknown;
  const archs = targetArchitectures(config, os);

  const check = await checkElectron({
    version,
    platform: process.platform,
    archs,
    hostArch: process.arch,
    env: process.env,
    cacheRoot: electronCacheRoot(process.env, process.platform),
    installedBinary: installedElectronBinary(),
    reach: (url) => probe(url),
  });
  if (!check.ok) {
    console.error(`dist: cannot package: ${check.problem}`);
    console.error(`dist: fix: ${check.fix}`);
    return 1;
  }
  console.log(`dist: ${check.note}`);

  if (run('npm', ['run', 'build']) !== 0) {
    console.error('dist: the build failed; nothing was packaged.');
    return 1;
  }
  const cli = require.resolve('electron-builder/cli.js');
  const status = run(process.execPath, [cli, `--${os}`, '--publish', 'never', ...check.builderArgs, ...process.argv.slice(2)]);
  if (status === 0) console.log(`dist: installers are in ${join(REPO_ROOT, 'release')}`);
  return status;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
