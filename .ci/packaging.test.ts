// Packaging configuration: electron-builder.yml, the icons and entitlements it points at, and the
// exact set of files the installers would contain (computed by electron-builder itself, see
// packaged-files.ts).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COPYRIGHT } from '../electron/shell/copyright';
import { PLANTED_LEAKS, previewPackagedFiles, REPO_ROOT, type PackagingPreview } from './packaged-files';

interface Target {
  target: string;
  arch?: string[];
}
interface PlatformSection {
  target?: Target[];
  icon?: string;
  files?: unknown;
  [key: string]: unknown;
}
interface BuilderConfig {
  appId: string;
  productName?: string;
  copyright: string;
  directories: { output: string; buildResources: string };
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  win: PlatformSection;
  mac: PlatformSection & { hardenedRuntime: boolean; gatekeeperAssess: boolean; entitlements: string; entitlementsInherit: string; notarize: unknown };
  linux: PlatformSection & { category: string; maintainer: string };
  deb: { depends: string[] };
  [key: string]: unknown;
}

const configText = readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8');
const config = parse(configText) as BuilderConfig;
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  productName: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean; devOptional?: boolean }>;
};
const resources = join(REPO_ROOT, config.directories.buildResources);

function targetsOf(section: PlatformSection): Record<string, string[]> {
  return Object.fromEntries((section.target ?? []).map((target) => [target.target, [...(target.arch ?? [])].sort()]));
}

/** Every string value in the config with its dotted path. */
function stringValues(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringValues(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringValues(item, path ? `${path}.${key}` : key));
  }
  return [];
}

describe('electron-builder.yml', () => {
  it('identifies the app, taking name and version from package.json', () => {
    expect(config.appId).toBe('com.whitebitdesk.app');
    expect(manifest.productName).toBe('WhiteBIT Desk');
    // left out on purpose so package.json stays the one place; if it is ever added, it must agree
    expect(config.productName ?? manifest.productName).toBe(manifest.productName);
    expect(config.copyright).toBe(COPYRIGHT);
    expect(config.directories).toEqual({ output: 'release', buildResources: 'electron/resources' });
  });

  it('packages only the build output and package.json, with explicit excludes', () => {
    const includes = config.files.filter((pattern) => !pattern.startsWith('!'));
    expect(includes.sort()).toEqual(['out/electron/**/*', 'out/renderer/**/*', 'package.json']);
    const excludes = config.files.filter((pattern) => pattern.startsWith('!'));
    for (const needed of ['*.map', '*.{ts,tsx', '{test,spec}', 'e2e', 'docs']) {
      expect(excludes.some((pattern) => pattern.includes(needed)), `an exclude for ${needed}`).toBe(true);
    }
    // a platform section with its own `files` would make the single packaged-file check below unrepresentative
    for (const os of ['win', 'mac', 'linux'] as const) expect(config[os].files).toBeUndefined();
  });

  it('uses an asar archive with keytar and better-sqlite3 unpacked (a .node file cannot load from inside asar)', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('**/node_modules/keytar/**');
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
  });

  it('flips the Electron fuses: no running as Node, no NODE_OPTIONS, no --inspect; asar integrity, asar only, encrypted cookies', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Every key is one electron-builder knows (a misspelt fuse would be ignored silently).
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    for (const key of Object.keys(config.electronFuses as object)) expect(schema.definitions.FuseOptionsV1.properties, key).toHaveProperty(key);
  });

  it('builds NSIS for Windows x64 and arm64', () => {
    expect(targetsOf(config.win)).toEqual({ nsis: ['arm64', 'x64'] });
    expect(config.win.icon).toBe('icon.png');
  });

  it('builds DMG and ZIP for macOS with hardened runtime and entitlement files that exist', () => {
    expect(targetsOf(config.mac)).toEqual({ dmg: ['arm64', 'x64'], zip: ['arm64', 'x64'] });
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.gatekeeperAssess).toBe(false);
    expect(config.mac.icon).toBe('icon.png');
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      const plist = readFileSync(join(REPO_ROOT, file), 'utf8');
      expect(plist).toMatch(/<plist version="1.0">/);
      expect(plist).toMatch(/<key>com.apple.security.cs.allow-jit<\/key>\s*<true\/>/);
      // notarization rejects debugger attach; library validation stays on (keytar.node is signed with the app)
      expect(plist).not.toMatch(/<key>com.apple.security.get-task-allow<\/key>/);
      expect(plist).not.toMatch(/<key>com.apple.security.cs.disable-library-validation<\/key>/);
    }
  });

  it('notarizes only from environment credentials, never from values in the file', () => {
    // electron-builder 26: a boolean; it notarizes when APPLE_* variables are present and skips otherwise
    expect(config.mac.notarize).toBe(true);
    const suspicious = stringValues(config).filter(
      ([path, value]) =>
        /password|secret|token|apple_?id|team_?id|api_?key|csc_?link|issuer/i.test(path) ||
        /^[A-Z0-9]{10}$/.test(value) || // the shape of an Apple team id
        /@(icloud|me|mac)\.com|-----BEGIN|[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}/i.test(value), // Apple id, key, app-specific password
    );
    expect(suspicious).toEqual([]);
    expect(configText).not.toMatch(/\$\{?(APPLE_|CSC_|WIN_CSC_)/);
  });

  it('builds AppImage and deb for Linux, in the Finance category, depending on libsecret', () => {
    expect(targetsOf(config.linux)).toEqual({ AppImage: ['x64'], deb: ['x64'] });
    expect(config.linux.category.split(';')).toContain('Finance');
    expect(config.linux.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/);
    expect(config.deb.depends).toContain('libsecret-1-0');
    expect(config.linux.icon).toBe('icon.png');
  });
});

describe('icons', () => {
  // electron-builder makes the .ico and .icns from this image itself (with a tool it downloads on
  // first use); it wants at least 512 px for macOS, so the source is the full 1024 px.
  it('come from one 1024 px RGBA PNG for every platform', () => {
    const png = readFileSync(join(resources, 'icon.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colourType: png[25] }).toEqual({ width: 1024, height: 1024, bitDepth: 8, colourType: 6 });
    for (const os of ['win', 'mac', 'linux'] as const) expect(config[os].icon, os).toBe('icon.png');
  });

  // The header alone would pass a truncated file; the converters need the whole image.
  it('is one whole PNG file, ending in its IEND chunk', () => {
    const png = readFileSync(join(resources, 'icon.png'));
    expect(png.toString('latin1', png.length - 8, png.length - 4)).toBe('IEND');
  });
});

// electron-builder packs for Linux on any host, but the stand-in Electron (a shell script) and
// this sandbox are only exercised on Linux; `files` has no per-OS overrides (checked above), so the
// file set is the same for every installer.
describe.runIf(process.platform === 'linux')('files that would be packaged (real electron-builder run)', () => {
  let preview: PackagingPreview;
  // electron-builder re-hoists the production tree (a nested node_modules/x may land at the top),
  // so packages are identified by name@version, not by where the lockfile had them.
  const productionPackages = new Set(
    Object.entries(lock.packages)
      .filter(([location, info]) => location !== '' && !info.dev && !info.devOptional)
      .map(([location, info]) => `${location.replace(/^.*node_modules\//, '')}@${info.version}`),
  );

  beforeAll(async () => {
    preview = await previewPackagedFiles();
  }, 180_000);

  it('flips the fuses in the packaged executable itself (read back from the binary electron-builder wrote)', () => {
    expect(preview.fuses).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      LoadBrowserProcessSpecificV8Snapshot: false,
      GrantFileProtocolExtraPrivileges: false,
    });
  });

  const paths = () => preview.entries.map((entry) => entry.path);
  const packagesIn = () => [
    ...new Set(
      paths()
        .filter((path) => path.startsWith('node_modules/'))
        .map((path) => path.match(/^((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+)/)![1]!.slice(0, -1)),
    ),
  ];

  it('contains the built app: package.json, the main, preload and launch scripts and the renderer', () => {
    expect(paths()).toEqual(
      expect.arrayContaining(['package.json', manifest.main, 'out/electron/preload.cjs', 'out/electron/launch.js', 'out/renderer/index.html']),
    );
    expect(paths().some((path) => path.startsWith('out/renderer/assets/') && path.endsWith('.js'))).toBe(true);
  });

  // The Demo starts the bare simulator (electron/simulator/start.ts); its test harness
  // (electron/simulator/controls/) is for the CLI, the tests and the benches only.
  it("ships no simulator test harness: no admin API, fault switches or hostile-stream modes", (context) => {
    if (!preview.usedRealBuild) context.skip();
    const code = paths()
      .filter((path) => path.startsWith('out/electron/') && path.endsWith('.js'))
      .map((path) => preview.read(path).toString('utf8'))
      .join('\n');
    expect(code).toContain('startExchangeSimulator');
    for (const marker of ['x-admin-token', '/__admin/', 'truncated_json', 'reset_after_commit', 'not json', 'refuseTokens', 'FaultRegistry']) {
      expect(code, marker).not.toContain(marker);
    }
  });

  it('contains nothing outside out/, package.json and production node_modules', () => {
    const stray = paths().filter((path) => path !== 'package.json' && !path.startsWith('out/') && !path.startsWith('node_modules/'));
    expect(stray).toEqual([]);
  });

  it('leaves out source maps, tests, TypeScript sources and e2e, including the ones planted in out/', () => {
    const leaks = paths().filter(
      (path) =>
        /\.map$/.test(path) ||
        /\.(ts|tsx|mts|cts)$/.test(path) ||
        /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) ||
        /(^|\/)(e2e|__tests__|__mocks__)\//.test(path),
    );
    expect(leaks).toEqual([]);
    for (const planted of PLANTED_LEAKS) expect(paths()).not.toContain(planted);
  });

  /** Packages the built main process loads from node_modules: static imports, import() and require(). */
  const importedByMain = () => {
    const specifiers = new Set<string>();
    for (const path of paths().filter((p) => p.startsWith('out/electron/') && /\.[cm]?js$/.test(p))) {
      const code = preview.read(path).toString('utf8');
      for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["'](@?[a-z0-9][\w.-]*(?:\/[\w.-]+)*)["']/g)) {
        const specifier = match[1]!;
        if (specifier === 'electron' || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        // The large-answer worker loads tsx only when the main process itself runs as TypeScript (tests).
        if (specifier === 'tsx' || specifier.startsWith('tsx/')) continue;
        specifiers.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    return [...specifiers].sort();
  };

  it('includes every package the built main process imports, keytar among them', () => {
    const imported = importedByMain();
    expect(imported).toEqual(expect.arrayContaining(['better-sqlite3', 'decimal.js', 'keytar', 'zod']));
    for (const name of imported) expect(paths(), `${name} is imported by the main process`).toContain(`node_modules/${name}/package.json`);
  });

  it('leaves out the renderer libraries Vite already bundled, and they are not imported by the main process', () => {
    const rendererOnly = ['react', 'react-dom', 'scheduler', 'zustand', '@tanstack/react-query', '@tanstack/query-core'];
    const packages = packagesIn();
    for (const name of rendererOnly) {
      expect(packages).not.toContain(`node_modules/${name}`);
      expect(importedByMain()).not.toContain(name);
    }
  });

  it('includes only packages the lockfile has as production ones, no devDependency', () => {
    const packages = packagesIn();
    for (const name of Object.keys(manifest.devDependencies)) expect(packages).not.toContain(`node_modules/${name}`);
    const packaged = packages.map((location) => {
      const { name, version } = JSON.parse(preview.read(`${location}/package.json`).toString('utf8')) as { name: string; version: string };
      return `${name}@${version}`;
    });
    expect(packaged.filter((id) => !productionPackages.has(id))).toEqual([]);
  });

  it('ships a package.json whose main entry is in the archive', () => {
    const packaged = JSON.parse(preview.read('package.json').toString('utf8')) as { main: string; productName: string };
    expect(packaged.main).toBe(manifest.main);
    expect(paths()).toContain(packaged.main);
    expect(packaged.productName).toBe(manifest.productName);
  });

  it('keeps the native modules (keytar, better-sqlite3) outside the archive, on disk in app.asar.unpacked', () => {
    const native = preview.entries.filter((entry) => entry.path.endsWith('.node'));
    const expected = ['node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/keytar/build/Release/keytar.node'];
    expect(native.map((entry) => entry.path).sort()).toEqual(expected);
    expect(native.every((entry) => entry.unpacked)).toBe(true);
    for (const path of expected) expect(preview.unpackedOnDisk).toContain(path);
  });

  it('leaves out the SQLite sources and build intermediates (only lib/ and the compiled module ship)', () => {
    const sqliteFiles = paths().filter((path) => path.startsWith('node_modules/better-sqlite3/'));
    expect(sqliteFiles.filter((path) => /\/(deps|src|obj|obj\.target)\/|\.a$|test_extension/.test(path))).toEqual([]);
    expect(sqliteFiles).toContain('node_modules/better-sqlite3/lib/index.js');
  });
});
