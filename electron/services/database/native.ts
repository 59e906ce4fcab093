/**
 * Which compiled better-sqlite3 module to load.
 *
 * better-sqlite3 is built against one runtime's ABI (unlike keytar, which is N-API). `npm ci` builds
 * it for Node, which browser mode and the tests use; a development run under the Electron binary
 * needs a build for Electron's ABI, which `.ci/setup` fetches into `build/electron/` when the
 * Electron binary is installed. Installers need nothing here: electron-builder rebuilds the module
 * for Electron inside the package.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ELECTRON_BUILD_DIR = join('build', 'electron');

/** `{ nativeBinding }` for `new Database(file, options)` when running in Electron with an Electron build at hand. */
export function nativeBindingOption(): { nativeBinding?: string } {
  if (!process.versions.electron) return {};
  const packageDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
  // A .node file cannot be loaded from inside app.asar; electron-builder unpacks it beside the archive.
  const electronBuild = join(packageDir, ELECTRON_BUILD_DIR, 'better_sqlite3.node').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  return existsSync(electronBuild) ? { nativeBinding: electronBuild } : {};
}
