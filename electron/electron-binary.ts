/**
 * Finds the installed Electron binary without loading the `electron` package: its index.js throws
 * when no binary was downloaded, and its installer would try to download one (no network here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function findElectronBinary(resolveFrom: string = import.meta.url): { path: string } | { missing: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(resolveFrom).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathTxt = join(packageDir, 'path.txt');
  if (!existsSync(pathTxt)) return { missing: 'the electron package has no downloaded binary (node_modules/electron/path.txt is absent)' };
  const binary = join(packageDir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary ${binary} does not exist` };
}
