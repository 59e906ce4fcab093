// What would go inside the installers' app.asar, computed by electron-builder itself rather than by
// re-implementing its `files` rules: a throw-away copy of the project is packaged with the real
// electron-builder.yml into an unpacked Linux app, with a stand-in Electron distribution (an empty
// `electron` file, passed as electronDist) so nothing is downloaded, and the archive's index is read back.
//
// The copy holds the real repository tree (sources, e2e, configs), the built `out/` when it exists
// (otherwise the layout `npm run build` produces), files a careless config would leak (source maps,
// tests, TypeScript), the real production dependencies from node_modules, and a stand-in package for
// every devDependency, so an exclusion that stops working shows up as an extra path.
//
//   npx tsx .ci/packaged-files.ts [--synthetic]     prints the list
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Top-level entries never copied into the sandbox: installed or generated, not part of the tree. */
const NOT_COPIED = new Set(['node_modules', '.git', 'release', 'out', 'dist', 'test-results', 'playwright-report', 'coverage']);

/** Files added to the sandbox's out/ that must NOT be packaged (each is excluded by a rule in electron-builder.yml). */
export const PLANTED_LEAKS = [
  // A folder that an older build left in out/ and the current one no longer writes.
  'out/stale/leftover.js',
  'out/electron/main.js.map',
  'out/renderer/assets/app.js.map',
  'out/electron/leftover.ts',
  'out/renderer/assets/widget.test.js',
  'out/renderer/assets/widget.spec.mjs',
  'out/renderer/__tests__/fixture.js',
] as const;

/**
 * The layout `npm run build` produces, used when out/ has not been built. The main-process files
 * import what the real build imports from node_modules (its dependencies stay external).
 */
const SYNTHETIC_BUILD: Record<string, string> = {
  'out/electron/main.js': "import { app } from 'electron';\nimport { z } from 'zod';\nimport './chunks/files-3f2a1c.js';\n",
  'out/electron/chunks/files-3f2a1c.js': "import Decimal from 'decimal.js';\nconst keytar = () => import('keytar');\n",
  'out/electron/preload.cjs': "const { contextBridge } = require('electron');\n",
  'out/electron/launch.js': "import { spawn } from 'node:child_process';\n",
  'out/renderer/index.html': '<!doctype html><script type="module" src="./assets/index-8d1e2b.js"></script>\n',
  'out/renderer/assets/index-8d1e2b.js': '// React, TanStack Query and zustand are bundled in here by Vite\n',
  'out/renderer/assets/index-5c0f9e.css': 'body { margin: 0 }\n',
};

export interface PackagedEntry {
  path: string;
  /** Stored outside the archive, in app.asar.unpacked (native modules). */
  unpacked: boolean;
  /** Byte range of the content within the archive's data section (absent for unpacked files). */
  offset?: number;
  size?: number;
}

export interface PackagingPreview {
  entries: PackagedEntry[];
  /** Whether the real built out/ was used (otherwise the synthetic layout). */
  usedRealBuild: boolean;
  /** Files present next to app.asar in app.asar.unpacked, relative to it. */
  unpackedOnDisk: string[];
  /** The Electron fuses of the packaged executable, by @electron/fuses option name (true = enabled). */
  fuses: Record<string, boolean>;
  /** Content of a file stored inside the archive. */
  read: (path: string) => Buffer;
  sandbox: string;
}

interface LockPackage {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Lists an asar archive from its header: UInt32 4, UInt32 header size, then a pickled JSON string. */
export function listAsar(archive: Buffer): PackagedEntry[] {
  const jsonLength = archive.readUInt32LE(12);
  const header = JSON.parse(archive.toString('utf8', 16, 16 + jsonLength)) as AsarDirectory;
  const entries: PackagedEntry[] = [];
  const walk = (directory: AsarDirectory, prefix: string) => {
    for (const [name, node] of Object.entries(directory.files)) {
      const path = prefix ? `${prefix}/${name}` : name;
      if ('files' in node) walk(node, path);
      else if (node.unpacked === true) entries.push({ path, unpacked: true });
      else entries.push({ path, unpacked: false, offset: Number(node.offset ?? 0), size: node.size ?? 0 });
    }
  };
  walk(header, '');
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

interface AsarDirectory {
  files: Record<string, AsarDirectory | { unpacked?: boolean; size?: number; offset?: string; link?: string }>;
}

/** File data follows the header; offsets in the header count from there. */
export function readAsarFile(archive: Buffer, entry: PackagedEntry): Buffer {
  if (entry.unpacked || entry.offset === undefined || entry.size === undefined) {
    throw new Error(`${entry.path} is not stored inside the archive`);
  }
  const dataStart = 8 + archive.readUInt32LE(4);
  return archive.subarray(dataStart + entry.offset, dataStart + entry.offset + entry.size);
}

function listFiles(root: string, prefix = ''): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(root, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

function buildSandbox(sandbox: string, allowRealBuild: boolean): { project: string; usedRealBuild: boolean } {
  const project = join(sandbox, 'project');
  mkdirSync(project, { recursive: true });
  for (const entry of readdirSync(REPO_ROOT)) {
    if (!NOT_COPIED.has(entry)) cpSync(join(REPO_ROOT, entry), join(project, entry), { recursive: true });
  }

  const realBuild = join(REPO_ROOT, 'out');
  const usedRealBuild = allowRealBuild && existsSync(join(realBuild, 'electron', 'main.js'));
  if (usedRealBuild) cpSync(realBuild, join(project, 'out'), { recursive: true });
  else for (const [file, content] of Object.entries(SYNTHETIC_BUILD)) write(join(project, file), content);
  for (const file of PLANTED_LEAKS) write(join(project, file), `// must not be packaged: ${file}\n`);

  // node_modules: production packages copied for real (npm resolves them by real path, so links
  // would not do), devDependencies as stand-ins with the locked version so `npm ls` sees a sound tree.
  const lock = readJson<{ packages: Record<string, LockPackage> }>(join(REPO_ROOT, 'package-lock.json'));
  const manifest = readJson<{ devDependencies?: Record<string, string> }>(join(REPO_ROOT, 'package.json'));
  for (const [location, info] of Object.entries(lock.packages)) {
    if (location === '' || info.dev || info.devOptional) continue;
    const source = join(REPO_ROOT, location);
    if (!existsSync(source)) continue;
    cpSync(source, join(project, location), {
      recursive: true,
      // nested node_modules are separate lockfile entries, copied on their own
      filter: (path) => path === source || !path.slice(source.length).includes('node_modules'),
    });
  }
  for (const name of Object.keys(manifest.devDependencies ?? {})) {
    const version = lock.packages[`node_modules/${name}`]?.version ?? '0.0.0';
    write(join(project, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
    write(join(project, 'node_modules', name, 'index.js'), '// devDependency stand-in: must not be packaged\n');
  }
  return { project, usedRealBuild };
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Packages a sandbox copy of the project (unpacked Linux app, x64) and lists its app.asar. */
export async function previewPackagedFiles(
  options: { keepSandbox?: boolean; /** false: always the synthetic out/ layout */ useRealBuild?: boolean } = {},
): Promise<PackagingPreview> {
  const sandbox = mkdtempSync(join(tmpdir(), 'packaging-preview-'));
  try {
    const { project, usedRealBuild } = buildSandbox(sandbox, options.useRealBuild ?? true);
    const electronDist = join(sandbox, 'electron-dist');
    // The stand-in carries a fuse wire with Electron's defaults, so electron-builder's fuse step flips
    // it for real and the test can read back what a packaged binary would hold.
    mkdirSync(electronDist, { recursive: true });
    writeFileSync(join(electronDist, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), STAND_IN_FUSE_WIRE]));
    chmodSync(join(electronDist, 'electron'), 0o755);
    mkdirSync(join(electronDist, 'resources'), { recursive: true });

    const cli = createRequire(import.meta.url).resolve('electron-builder/cli.js');
    const output = join(sandbox, 'release');
    const result = await run(process.execPath, [
      cli, '--linux', 'dir', '--x64', '--publish', 'never',
      `-c.electronDist=${electronDist}`,
      // rebuilding keytar needs Electron headers from the network; it does not change the file set
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ], project);
    const archive = join(output, 'linux-unpacked', 'resources', 'app.asar');
    if (result.code !== 0 || !existsSync(archive)) {
      throw new Error(`electron-builder failed (exit ${result.code}):\n${result.output.slice(-4000)}`);
    }
    const fuses = readFuses(join(output, 'linux-unpacked'));
    const bytes = readFileSync(archive);
    const entries = listAsar(bytes);
    // read now: the sandbox is deleted before the caller looks
    const unpackedOnDisk = listFiles(`${archive}.unpacked`);
    const unpackedContent = new Map(unpackedOnDisk.map((path) => [path, readFileSync(join(`${archive}.unpacked`, path))]));
    return {
      entries,
      read: (path) => {
        const entry = entries.find((candidate) => candidate.path === path);
        if (!entry) throw new Error(`${path} is not in app.asar`);
        const unpacked = unpackedContent.get(path);
        if (entry.unpacked && unpacked) return unpacked;
        return readAsarFile(bytes, entry);
      },
      usedRealBuild,
      unpackedOnDisk,
      fuses,
      sandbox,
    };
  } finally {
    if (!options.keepSandbox) rmSync(sandbox, { recursive: true, force: true });
  }
}

/** @electron/fuses' marker before the fuse wire in an Electron binary, then version 1 and the wire length. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Fuse V1 wire order, as @electron/fuses numbers it (FuseV1Options). */
const FUSE_NAMES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const;
/** Electron's shipped defaults: '1' enabled, '0' disabled. */
const STAND_IN_FUSE_WIRE = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSE_NAMES.length]), Buffer.from('10110001')]);

function readFuses(unpackedDir: string): Record<string, boolean> {
  for (const name of readdirSync(unpackedDir)) {
    const path = join(unpackedDir, name);
    if (!statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    const at = bytes.indexOf(FUSE_SENTINEL);
    if (at === -1) continue;
    const wire = at + FUSE_SENTINEL.length + 2;
    return Object.fromEntries(FUSE_NAMES.map((fuse, i) => [fuse, bytes[wire + i] === 0x31]));
  }
  throw new Error(`no executable with a fuse wire in ${unpackedDir}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const preview = await previewPackagedFiles({ useRealBuild: !process.argv.includes('--synthetic') });
  for (const entry of preview.entries) console.log(`${entry.path}${entry.unpacked ? '  (unpacked)' : ''}`);
  console.log(`${preview.entries.length} files; ${preview.usedRealBuild ? 'real out/ build' : 'synthetic out/ layout (run npm run build for the real one)'}`);
}
